import numpy
import hypothesis
import hypothesis.extra.numpy as hnp
import hypothesis.strategies as st
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2)])
def test_forward(dtype, shape):
    x = numpy.random.uniform(-2, 2, shape).astype(dtype)
    y = F.log_softmax(x)
    assert y.data.dtype == dtype
    x64 = x.astype(numpy.float64)
    expected = x64 - numpy.log(numpy.exp(x64).sum(axis=1, keepdims=True))
    testing.assert_allclose(y.data, expected, atol=5e-3 if dtype == numpy.float16 else 1e-6)


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    x = numpy.random.uniform(-1, 1, (2, 3, 2)).astype(dtype)
    check_backward(F.log_softmax, x, numpy.random.randn(2, 3, 2).astype(dtype))


def test_stable_where_log_of_softmax_underflows():
    # softmax(x)[0, 1] underflows to 0 (log would be -inf); log_softmax stays finite.
    x = numpy.array([[1000, 0], [-1000, 1000]], numpy.float32)
    with numpy.errstate(over='raise', divide='raise', invalid='raise'):
        y = F.log_softmax(x)
    testing.assert_allclose(y.data, numpy.array([[0, -1000], [-2000, 0]]))
    assert numpy.isfinite(y.data).all()


def test_one_dimensional_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.log_softmax(numpy.zeros(3, numpy.float32))


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.log_softmax(numpy.zeros((2, 3), numpy.int32))


@hypothesis.settings(max_examples=30, deadline=None)
@hypothesis.given(hnp.arrays(numpy.float32, hnp.array_shapes(min_dims=2, max_dims=3,
                                                              max_side=4),
                             elements=st.floats(-1e4, 1e4, width=32)))
def test_any_finite_input_gives_finite_log_probabilities(x):
    y = F.log_softmax(x).data
    assert numpy.isfinite(y).all() and (y <= 0).all()
    # exp(log p) sums to one along the channel axis
    testing.assert_allclose(numpy.exp(y.astype(numpy.float64)).sum(axis=1),
                            numpy.ones(x.shape[:1] + x.shape[2:]), atol=1e-5)


def test_v1_array_helper_logsumexp_of_the_module():
    from chainer.functions.activation import log_softmax as module

    x = numpy.array([[0.0, 1000.0], [1.0, 2.0]], numpy.float32)
    expected = numpy.array([[1000.0], [2.0 + numpy.log1p(numpy.exp(-1.0))]])
    numpy.testing.assert_allclose(module.logsumexp(x), expected, rtol=1e-6)
