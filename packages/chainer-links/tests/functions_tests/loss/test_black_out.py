import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check

B, D, V = 3, 4, 6


def _data(dtype, seed=0):
    rng = numpy.random.RandomState(seed)
    x = rng.uniform(-1, 1, (B, D)).astype(dtype)
    W = rng.uniform(-1, 1, (V, D)).astype(dtype)
    t = numpy.array([0, 3, 5], numpy.int32)
    samples = numpy.array([[1, 2], [2, 2], [0, 4]], numpy.int32)
    return x, t, W, samples


def _reference(x, t, W, samples):
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    total = 0.0
    for b in range(B):
        ids = [t[b]] + list(samples[b])
        e = numpy.exp([W[i].dot(x[b]) for i in ids])
        p = e / e.sum()
        total += numpy.log(p[0]) + numpy.log(1 - p[1:]).sum()
    return numpy.float64(-total / B)


def test_forward(dtype, fwd_tol):
    x, t, W, samples = _data(dtype)
    y = F.black_out(x, t, W, samples)
    assert y.data.shape == () and y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, t, W, samples), **fwd_tol)


def test_stable_for_large_scores():
    x, t, W, samples = _data(numpy.float32)
    y = F.black_out(x * 300, t, W, samples)
    assert numpy.isfinite(y.data)


def test_backward(dtype, grad_tol):
    x, t, W, samples = _data(dtype, seed=1)
    gradient_check.check_backward(
        lambda x, W: F.black_out(x, t, W, samples), (x, W),
        numpy.array(1.2, dtype), **grad_tol)


def test_labels_get_no_gradient():
    x, t, W, samples = _data(numpy.float32)
    tv, sv = chainer.Variable(t), chainer.Variable(samples)
    F.black_out(x, tv, W, sv).backward()
    assert tv.grad is None and sv.grad is None


def test_bad_types():
    x, t, W, samples = _data(numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.black_out(x, t, W, samples.astype(numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.black_out(x, t, W.astype(numpy.float64), samples)
    with pytest.raises(type_check.InvalidType):
        F.black_out(x, t, W, samples[:2])


def test_bad_values():
    x, t, W, samples = _data(numpy.float32)
    with pytest.raises(ValueError, match='samples: every label'):
        F.black_out(x, t, W, samples + V)
    with pytest.raises(ValueError, match='t: every label'):
        F.black_out(x, -t - 1 - V, W, samples)


def test_reduce_no_gives_the_loss_of_every_sample_as_in_v1_24():
    x, t, W, samples = _data(numpy.float64, seed=3)
    loss = F.black_out(x, t, W, samples, reduce='no')
    assert loss.shape == (B,)
    for b in range(B):
        e = numpy.exp([W[i].dot(x[b]) for i in [t[b]] + list(samples[b])])
        p = e / e.sum()
        testing.assert_allclose(loss.data[b], -numpy.log(p[0]) - numpy.log(1 - p[1:]).sum())
    testing.assert_allclose(F.black_out(x, t, W, samples).data, loss.data.mean())
    gradient_check.check_backward(
        lambda x, W: F.black_out(x, t, W, samples, reduce='no'), (x, W),
        numpy.random.RandomState(4).randn(B), atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.black_out(x, t, W, samples, reduce='sum')
