"""Host updates run chunk by chunk (cache-sized pieces, one scratch buffer): the same
result as the whole-array formula, for arrays spanning several chunks."""
import numpy
import pytest

import chainer
from chainer import optimizers
from chainer.optimizers import _array_rule


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks of 8 float32 (4 float64) values, so that small arrays span several."""
    monkeypatch.setattr(_array_rule, '_CHUNK_BYTES', 32)


def test_rule_sees_every_piece_once_with_a_scratch_of_its_size(small_chunks):
    a = numpy.arange(21, dtype=numpy.float32).reshape(3, 7)
    b = numpy.ones_like(a)
    seen = []

    def rule(x, y, scratch):
        assert x.shape == y.shape == scratch.shape and scratch.dtype == x.dtype
        seen.append(len(x))
        x += y

    _array_rule.update_in_chunks(numpy, rule, a, b)
    assert seen == [8, 8, 5]
    numpy.testing.assert_array_equal(a, numpy.arange(1, 22).reshape(3, 7))


def test_non_contiguous_arrays_are_passed_whole(small_chunks):
    a = numpy.zeros((6, 6), numpy.float32)[:, ::2]
    seen = []
    _array_rule.update_in_chunks(numpy, lambda x, s: seen.append(x.shape), a)
    assert seen == [(6, 3)]


def _model(shape, dtype):
    link = chainer.Link()
    link.add_param('W', shape, dtype=dtype)
    link.W.data[...] = numpy.random.RandomState(0).uniform(-1, 1, shape)
    return link


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('cls,hyper', [
    (optimizers.SGD, dict(lr=0.1)),
    (optimizers.MomentumSGD, dict(lr=0.1, momentum=0.8)),
])
def test_chunked_update_follows_the_formula(small_chunks, cls, hyper, dtype):
    shape = (5, 7)
    link = _model(shape, dtype)
    opt = cls(**hyper)
    opt.setup(link)
    w = link.W.data.astype(numpy.float64)
    v = numpy.zeros(shape)
    for step in range(3):
        g = numpy.random.RandomState(step).uniform(-1, 1, shape)
        link.W.grad = g.astype(dtype)
        opt.update()
        if cls is optimizers.SGD:
            w = w - hyper['lr'] * g
        else:
            v = hyper['momentum'] * v - hyper['lr'] * g
            w = w + v
        tol = 1e-6 if dtype == numpy.float32 else 1e-14
        numpy.testing.assert_allclose(link.W.data, w, atol=tol, rtol=tol)
        assert link.W.data.dtype == dtype
    numpy.testing.assert_array_equal(link.W.grad, g.astype(dtype))  # grad untouched
