"""CRF1d."""
import itertools

import numpy
import pytest

import chainer
import chainer.links as L
import link_checks


def _xs(lengths_by_step, n_label):
    return [numpy.random.randn(b, n_label).astype(numpy.float32)
            for b in lengths_by_step]


def test_cost_parameter_and_loss_equals_enumeration():
    link = L.CRF1d(3)
    assert link.cost.shape == (3, 3)
    numpy.testing.assert_array_equal(link.cost.data, 0)
    link.cost.data[...] = numpy.random.randn(3, 3)
    xs = _xs([1, 1, 1], 3)
    ys = [numpy.array([k], dtype=numpy.int32) for k in (0, 2, 1)]
    loss = link([chainer.Variable(x) for x in xs], [chainer.Variable(y) for y in ys])

    def score(path):
        s = sum(xs[i][0, p] for i, p in enumerate(path))
        return s + sum(link.cost.data[a, b] for a, b in zip(path, path[1:]))
    log_z = numpy.log(sum(numpy.exp(score(p))
                          for p in itertools.product(range(3), repeat=3)))
    numpy.testing.assert_allclose(loss.data, log_z - score((0, 2, 1)), rtol=1e-5)


def test_argmax_finds_the_best_path():
    link = L.CRF1d(2)
    link.cost.data[...] = [[0, -5], [-5, 0]]
    xs = [numpy.array([[1, 0]], 'f'), numpy.array([[0, 0.5]], 'f')]
    score, path = link.argmax([chainer.Variable(x) for x in xs])
    assert [int(p[0]) for p in path] == [0, 0]


def test_backward_serialization_copies(tmp_path):
    xs = _xs([2, 2, 1], 3)
    ys = [numpy.random.randint(0, 3, len(x)).astype(numpy.int32) for x in xs]
    link = L.CRF1d(3)
    link_checks.perturb(link)

    def call(*vs):
        return link(list(vs[:3]), list(vs[3:]))
    link_checks.check_backward(
        link, tuple(x.astype(numpy.float64) for x in xs) + tuple(ys), None,
        call=call)

    def call32(link):
        return link([chainer.Variable(x) for x in xs],
                    [chainer.Variable(y) for y in ys])
    link_checks.check_serialization(lambda: L.CRF1d(3), call32, tmp_path)
    link_checks.check_copies(lambda: L.CRF1d(3), call32)


def test_bad_arguments():
    with pytest.raises(ValueError, match='n_label'):
        L.CRF1d(0)
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.CRF1d(3)([chainer.Variable(_xs([1], 2)[0])],
                   [chainer.Variable(numpy.zeros(1, numpy.int32))])
