"""F.unpooling_nd (v1.24, issue #14) against a direct N-d scatter loop."""
import itertools
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import conv
from chainer.utils import type_check

CASES = [
    # spatial dims, ksize, stride, pad, cover_all
    ((5,), 3, 3, 1, True),
    ((4,), 2, 1, 0, False),
    ((2, 3, 2), 2, None, 0, True),
    ((2, 2, 3), (1, 2, 2), (1, 2, 1), (0, 1, 0), False),
]


def _reference(x, ksize, stride, pad, outs):
    """y[..., s*i + u - p] += x[..., i] over every window offset u, dropping the pad."""
    y = numpy.zeros(x.shape[:2] + tuple(outs))
    for i in itertools.product(*map(range, x.shape[2:])):
        for u in itertools.product(*map(range, ksize)):
            o = tuple(s * a + b - p for s, a, b, p in zip(stride, i, u, pad))
            if all(0 <= c < n for c, n in zip(o, outs)):
                y[(Ellipsis,) + o] += x[(Ellipsis,) + i]
    return y


def _tuples(dims, ksize, stride, pad):
    n = len(dims)
    as_tuple = lambda v: v if isinstance(v, tuple) else (v,) * n  # noqa: E731
    k = as_tuple(ksize)
    return k, (k if stride is None else as_tuple(stride)), as_tuple(pad)


@pytest.fixture(autouse=True)
def _quiet_experimental_warning():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', FutureWarning)
        yield


@pytest.mark.parametrize('dims,ksize,stride,pad,cover_all', CASES)
def test_forward(dtype, dims, ksize, stride, pad, cover_all):
    x = numpy.random.uniform(-1, 1, (2, 3) + dims).astype(dtype)
    y = F.unpooling_nd(x, ksize, stride, pad, cover_all=cover_all)
    k, s, p = _tuples(dims, ksize, stride, pad)
    outs = tuple(conv.get_deconv_outsize(d, kk, ss, pp, cover_all)
                 for d, kk, ss, pp in zip(dims, k, s, p))
    assert y.shape == (2, 3) + outs and y.data.dtype == dtype
    tol = 5e-3 if dtype == numpy.float16 else 1e-6
    testing.assert_allclose(y.data, _reference(x, k, s, p, outs), atol=tol, rtol=tol)


@pytest.mark.parametrize('dims,ksize,stride,pad,cover_all', CASES)
def test_backward(dtype, check_backward, dims, ksize, stride, pad,
                               cover_all):
    x = numpy.random.uniform(-1, 1, (1, 2) + dims).astype(dtype)

    def f(x):
        return F.unpooling_nd(x, ksize, stride, pad, cover_all=cover_all)
    gy = numpy.random.uniform(-1, 1, f(x).shape).astype(dtype)
    check_backward(f, x, gy)


def test_unpooling_nd_with_outsize():
    x = numpy.random.uniform(-1, 1, (1, 1, 3, 2, 2)).astype(numpy.float32)
    y = F.unpooling_nd(x, 2, outsize=(5, 4, 3))
    testing.assert_allclose(y.data, _reference(x, (2,) * 3, (2,) * 3, (0,) * 3, (5, 4, 3)))


def test_unpooling_nd_of_two_axes_is_unpooling_2d():
    x = numpy.random.uniform(-1, 1, (2, 2, 3, 4)).astype(numpy.float32)
    testing.assert_allclose(F.unpooling_nd(x, 3, 2, 1).data,
                            F.unpooling_2d(x, 3, 2, 1).data)


@pytest.mark.parametrize('x,kwargs', [
    (numpy.zeros((1, 1, 3, 3), numpy.float32), dict(outsize=(9, 9))),  # pools to 5, not 3
    (numpy.zeros((1, 1, 3), numpy.int32), dict()),
])
def test_unpooling_nd_invalid(x, kwargs):
    with pytest.raises(type_check.InvalidType):
        F.unpooling_nd(x, 2, **kwargs)


def test_unpooling_nd_node_checks_its_number_of_axes():
    with pytest.raises(type_check.InvalidType):
        F.UnpoolingND(3, 2)(numpy.zeros((1, 1, 3, 3), numpy.float32))
    with pytest.raises(ValueError, match='ksize'):
        F.UnpoolingND(2, 0)


def test_unpooling_nd_is_experimental_as_in_v1_24(monkeypatch):
    x = numpy.zeros((1, 1, 2), numpy.float32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        F.unpooling_nd(x, 2)
        F.unpooling_2d(numpy.zeros((1, 1, 2, 2), numpy.float32), 2)
    assert [str(w.message) for w in caught] == [
        'chainer.functions.pooling.UnpoolingND is experimental. '
        'The interface can change in the future.']
    monkeypatch.setattr(chainer, 'disable_experimental_feature_warning', True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        F.unpooling_nd(x, 2)
    assert caught == []
