"""Shared fixtures of the pooling-function tests: dtypes, tolerances, inputs without ties,
and a direct-loop pooling reference that does not use im2col."""
import itertools

import numpy
import pytest

from chainer import gradient_check

_GRAD_TOL = {
    numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64),
    numpy.float32: dict(atol=1e-3, rtol=1e-3),
    numpy.float64: dict(atol=1e-5, rtol=1e-5),
}


@pytest.fixture(params=[numpy.float16, numpy.float32, numpy.float64],
                ids=['f16', 'f32', 'f64'])
def dtype(request):
    return request.param


@pytest.fixture
def check_backward(dtype):
    """``check_backward(func, x_data, y_grad, **kw)`` with the tolerances of ``dtype``."""
    def check(func, x_data, y_grad, **kwargs):
        options = dict(_GRAD_TOL[dtype])
        options.update(kwargs)
        gradient_check.check_backward(func, x_data, y_grad, **options)
    return check


@pytest.fixture
def distinct():
    """``distinct(shape, dtype)``: values 0.125 apart in random order, so that a max
    never switches under the numerical-gradient step (exact in float16)."""
    def make(shape, dtype):
        size = int(numpy.prod(shape))
        values = (numpy.random.permutation(size) - size / 2) * 0.125
        return values.reshape(shape).astype(dtype)
    return make


def _pool_loop(x, ksize, stride, pad, cover_all, reduce):
    nd = x.ndim - 2
    outs = []
    for d, k, s, p in zip(x.shape[2:], ksize, stride, pad):
        span = d + 2 * p - k
        outs.append(-(-span // s) + 1 if cover_all else span // s + 1)
    y = numpy.empty(x.shape[:2] + tuple(outs))
    for o in itertools.product(*[range(n) for n in outs]):
        window = []
        for kk in itertools.product(*[range(k) for k in ksize]):
            pos = [o[i] * stride[i] + kk[i] - pad[i] for i in range(nd)]
            if all(0 <= pos[i] < x.shape[2 + i] for i in range(nd)):
                window.append(x[(slice(None), slice(None)) + tuple(pos)].astype(numpy.float64))
            else:
                window.append(None)
        y[(slice(None), slice(None)) + o] = reduce(window, x.shape[:2])
    return y


def _max(window, shape):
    return numpy.max([w for w in window if w is not None], axis=0)


def _mean(window, shape):
    # Padded positions count as zeros in the mean (non-cover-all, zero padding).
    return numpy.sum([w if w is not None else numpy.zeros(shape) for w in window],
                     axis=0) / len(window)


@pytest.fixture
def max_pool_reference():
    """``max_pool_reference(x, ksize, stride, pad, cover_all)`` by a direct loop."""
    return lambda x, k, s, p, cover_all: _pool_loop(x, k, s, p, cover_all, _max)


@pytest.fixture
def average_pool_reference():
    """``average_pool_reference(x, ksize, stride, pad)`` by a direct loop."""
    return lambda x, k, s, p: _pool_loop(x, k, s, p, False, _mean)
