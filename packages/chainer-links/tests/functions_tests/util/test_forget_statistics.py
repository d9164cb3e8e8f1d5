"""F.forget around links that keep statistics: the recomputation in backward neither
counts the batch twice nor changes the statistics (v7's ``in_recomputing`` and
``_will_recompute``)."""
import functools

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L


def _make(name):
    if name == 'bn':
        return L.BatchNormalization(3)
    if name == 'brn':
        return L.BatchRenormalization(3, rmax=2.0, dmax=1.0)
    return L.DecorrelatedBatchNormalization(3, groups=3)


def _stats(link):
    names = ('avg_mean', 'avg_var', 'avg_projection')
    return {n: getattr(link, n).copy() for n in names if hasattr(link, n)}


@pytest.mark.parametrize('name', ['bn', 'brn', 'dbn'])
@pytest.mark.parametrize('finetune', [False, True])
def test_forget_gives_the_plain_gradients_and_statistics(name, finetune):
    rng = numpy.random.RandomState(4)
    x = rng.uniform(-1, 1, (5, 3)).astype(numpy.float32)
    gy = rng.uniform(-1, 1, (5, 3)).astype(numpy.float32)
    plain, forgetful = _make(name), _make(name)
    for _ in range(2):  # the second step reads statistics the first one updated
        x1, x2 = chainer.Variable(x), chainer.Variable(x)
        y1 = plain(x1, finetune=finetune)
        y2 = F.forget(functools.partial(forgetful, finetune=finetune), x2)
        numpy.testing.assert_allclose(y1.data, y2.data, rtol=1e-5, atol=1e-6)
        y1.grad, y2.grad = gy, gy
        y1.backward()
        y2.backward()
        numpy.testing.assert_allclose(x1.grad, x2.grad, rtol=1e-5, atol=1e-6)
        for key, value in _stats(plain).items():
            numpy.testing.assert_allclose(value, getattr(forgetful, key), rtol=1e-6)
    if finetune:
        assert plain.N == forgetful.N == 2
    with chainer.using_config('train', False):
        numpy.testing.assert_allclose(plain(x).data, forgetful(x).data, rtol=1e-5,
                                      atol=1e-6)


def test_recomputing_leaves_the_statistics_alone():
    link = L.BatchNormalization(3)
    x = numpy.ones((2, 3), numpy.float32)
    before = _stats(link)
    with chainer.using_config('in_recomputing', True):
        link(x, finetune=True)
    assert link.N == 0
    for key, value in before.items():
        numpy.testing.assert_array_equal(value, getattr(link, key))


def test_forget_of_volatile_inputs_and_a_function_node_inside():
    # func mixes the volatile inputs with values of its own (DBN's nodes): no
    # graph is built in forward, so the flags do not clash.
    link = L.DecorrelatedBatchNormalization(3, groups=1)
    x = chainer.Variable(numpy.random.RandomState(5).uniform(-1, 1, (6, 3)).astype(
        numpy.float32))
    y = F.forget(link, x)
    F.sum(y * y).backward()
    assert x.grad.shape == (6, 3) and numpy.isfinite(x.grad).all()
