"""Shared fixtures of the connection-function tests: dtypes, tolerances, and direct-loop
references for (de)convolutions that do not use im2col."""
import itertools

import numpy
import pytest

from chainer import gradient_check

_GRAD_TOL = {
    numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64),
    numpy.float32: dict(atol=1e-3, rtol=1e-3),
    numpy.float64: dict(atol=1e-5, rtol=1e-5),
}
_FWD_TOL = {
    numpy.float16: dict(atol=2e-2, rtol=2e-2),
    numpy.float32: dict(atol=1e-5, rtol=1e-5),
    numpy.float64: dict(atol=1e-12, rtol=1e-12),
}


@pytest.fixture(params=[numpy.float16, numpy.float32, numpy.float64],
                ids=['f16', 'f32', 'f64'])
def dtype(request):
    return request.param


@pytest.fixture
def fwd_tol(dtype):
    """assert_allclose tolerances of forward results at ``dtype``."""
    return dict(_FWD_TOL[dtype])


@pytest.fixture
def check_backward(dtype):
    """``check_backward(func, x_data, y_grad, **kw)`` with the tolerances of ``dtype``."""
    def check(func, x_data, y_grad, **kwargs):
        options = dict(_GRAD_TOL[dtype])
        options.update(kwargs)
        gradient_check.check_backward(func, x_data, y_grad, **options)
    return check


def _conv_loop(x, W, b, stride, pad, dilate, cover_all):
    # Direct sum over output positions: y[:, m, o] = sum_{c,k} W[m, c, k] x[:, c, o*s+k*d-p].
    nd = x.ndim - 2
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    outs = []
    for d, k, s, p, dl in zip(x.shape[2:], W.shape[2:], stride, pad, dilate):
        span = d + 2 * p - (k - 1) * dl - 1
        outs.append(-(-span // s) + 1 if cover_all else span // s + 1)
    y = numpy.zeros((x.shape[0], W.shape[0]) + tuple(outs))
    for o in itertools.product(*[range(n) for n in outs]):
        for kk in itertools.product(*[range(k) for k in W.shape[2:]]):
            pos = [o[i] * stride[i] + kk[i] * dilate[i] - pad[i] for i in range(nd)]
            if all(0 <= pos[i] < x.shape[2 + i] for i in range(nd)):
                xv = x[(slice(None), slice(None)) + tuple(pos)]
                y[(slice(None), slice(None)) + o] += xv.dot(W[(slice(None), slice(None)) + kk].T)
    if b is not None:
        y += b.astype(numpy.float64).reshape((1, -1) + (1,) * nd)
    return y


def _deconv_loop(x, W, b, stride, pad, outsize):
    # Direct scatter over input positions: y[:, m, i*s+k-p] += sum_c x[:, c, i] W[c, m, k].
    nd = x.ndim - 2
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    if outsize is None:
        outsize = [s * (d - 1) + k - 2 * p
                   for d, k, s, p in zip(x.shape[2:], W.shape[2:], stride, pad)]
    y = numpy.zeros((x.shape[0], W.shape[1]) + tuple(outsize))
    for i in itertools.product(*[range(n) for n in x.shape[2:]]):
        for kk in itertools.product(*[range(k) for k in W.shape[2:]]):
            pos = [i[a] * stride[a] + kk[a] - pad[a] for a in range(nd)]
            if all(0 <= pos[a] < outsize[a] for a in range(nd)):
                xv = x[(slice(None), slice(None)) + i]
                y[(slice(None), slice(None)) + tuple(pos)] += xv.dot(
                    W[(slice(None), slice(None)) + kk])
    if b is not None:
        y += b.astype(numpy.float64).reshape((1, -1) + (1,) * nd)
    return y


@pytest.fixture
def conv_reference():
    """``conv_reference(x, W, b, stride, pad, dilate, cover_all)`` by a direct loop."""
    return _conv_loop


@pytest.fixture
def deconv_reference():
    """``deconv_reference(x, W, b, stride, pad, outsize)`` by a direct loop."""
    return _deconv_loop
