import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer import utils
from chainer.utils import type_check

B, D, V, S = 3, 4, 5, 3


class _FixedSampler(object):
    """Returns the same negatives every call, so numerical gradients are exact. As in
    Chainer v1 it is asked for one more column, the first, which the positives
    replace: that column is drawn here as -7, which must not matter."""

    def __init__(self, samples):
        self.samples = samples
        self.shapes = []

    def __call__(self, shape):
        self.shapes.append(shape)
        first = numpy.full((len(self.samples), 1), -7, self.samples.dtype)
        return numpy.concatenate([first, self.samples], axis=1)


def _data(dtype, seed=0):
    rng = numpy.random.RandomState(seed)
    x = rng.uniform(-1, 1, (B, D)).astype(dtype)
    W = rng.uniform(-1, 1, (V, D)).astype(dtype)
    t = numpy.array([0, 3, 3], numpy.int32)
    negatives = numpy.array([[1, 1, 4], [0, 2, 3], [4, 4, 4]], numpy.int32)
    return x, t, W, negatives


def _reference(x, t, W, negatives):
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    total = 0.0
    for b in range(B):
        total -= numpy.log(1 / (1 + numpy.exp(-W[t[b]].dot(x[b]))))
        for n in negatives[b]:
            total -= numpy.log(1 / (1 + numpy.exp(W[n].dot(x[b]))))
    return numpy.float64(total)


def test_forward(dtype, fwd_tol):
    x, t, W, negatives = _data(dtype)
    sampler = _FixedSampler(negatives)
    y = F.negative_sampling(x, t, W, sampler, S)
    assert sampler.shapes == [(B, S + 1)]  # v1's call: the positive column included
    assert y.data.shape == () and y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, t, W, negatives), **fwd_tol)


def test_backward(dtype, grad_tol):
    x, t, W, negatives = _data(dtype, seed=1)
    sampler = _FixedSampler(negatives)
    gradient_check.check_backward(
        lambda x, W: F.negative_sampling(x, t, W, sampler, S), (x, W),
        numpy.array(0.6, dtype), **grad_tol)


def test_unsampled_rows_get_no_gradient():
    x, t, W, negatives = _data(numpy.float32)
    Wv = chainer.Variable(W)
    negatives[:] = 1
    F.negative_sampling(x, numpy.zeros(B, numpy.int32), Wv,
                        _FixedSampler(negatives), S).backward()
    assert Wv.grad[[0, 1]].any() and not Wv.grad[2:].any()


def test_walker_alias_sampler():
    numpy.random.seed(0)
    x, t, W, _ = _data(numpy.float32)
    sampler = utils.WalkerAlias([0.1, 0.2, 0.3, 0.4, 0.0])
    func = F.NegativeSamplingFunction(sampler.sample, 7)
    y = func(x, t, W)
    assert func.samples.shape == (B, 8)
    assert (func.samples[:, 0] == t).all() and (func.samples[:, 1:] != 4).all()
    assert _reference(x, t, W, func.samples[:, 1:]) == pytest.approx(float(y.data),
                                                                      rel=1e-5)


def test_bad_types():
    x, t, W, negatives = _data(numpy.float32)
    sampler = _FixedSampler(negatives)
    with pytest.raises(type_check.InvalidType):
        F.negative_sampling(x, t, W[:, :2], sampler, S)
    with pytest.raises(type_check.InvalidType):
        F.negative_sampling(x, t.astype(numpy.float32), W, sampler, S)
    with pytest.raises(type_check.InvalidType):
        F.negative_sampling(x, t[:2], W, sampler, S)


def test_bad_values():
    x, t, W, negatives = _data(numpy.float32)
    with pytest.raises(ValueError, match='t: every label'):
        F.negative_sampling(x, numpy.array([0, 5, 1], numpy.int32), W,
                            _FixedSampler(negatives), S)
    bad = negatives.copy()
    bad[0, 0] = V
    with pytest.raises(ValueError, match='sampler output'):
        F.negative_sampling(x, t, W, _FixedSampler(bad), S)
    with pytest.raises(ValueError, match='shape'):
        F.negative_sampling(x, t, W, _FixedSampler(negatives[:, :2]), S)
    with pytest.raises(TypeError, match='sampler'):
        F.negative_sampling(x, t, W, None, S)
    with pytest.raises(ValueError, match='sample_size'):
        F.negative_sampling(x, t, W, _FixedSampler(negatives), -1)


def test_reduce_no_and_ignored_label_as_in_v1_24():
    x, t, W, negatives = _data(numpy.float64, seed=2)
    t = numpy.array([0, -1, 3], numpy.int32)
    sampler = _FixedSampler(negatives)
    loss = F.negative_sampling(x, t, W, sampler, S, reduce='no')
    assert loss.shape == (B,)
    for b in (0, 2):
        expected = -numpy.log(1 / (1 + numpy.exp(-W[t[b]].dot(x[b]))))
        expected -= sum(numpy.log(1 / (1 + numpy.exp(W[n].dot(x[b]))))
                        for n in negatives[b])
        testing.assert_allclose(loss.data[b], expected)
    assert loss.data[1] == 0  # label -1: skipped
    testing.assert_allclose(F.negative_sampling(x, t, W, sampler, S).data,
                            loss.data.sum())
    gradient_check.check_backward(
        lambda x, W: F.negative_sampling(x, t, W, sampler, S, reduce='no'), (x, W),
        numpy.random.RandomState(3).randn(B), atol=1e-5, rtol=1e-5)
    xv = chainer.Variable(x)
    F.negative_sampling(xv, t, W, sampler, S).backward()
    assert not xv.grad[1].any()
    with pytest.raises(ValueError, match='reduce'):
        F.negative_sampling(x, t, W, sampler, S, reduce='mean')
