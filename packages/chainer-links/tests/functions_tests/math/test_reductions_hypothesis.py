"""Random shapes and axes for the reductions (sum, max, min, mean, logsumexp)."""
import numpy
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import chainer
import chainer.functions as F


@st.composite
def _array_and_axis(draw):
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=4, min_side=1, max_side=3))
    x = draw(hnp.arrays(numpy.float64, shape,
                        elements=st.floats(-10, 10, allow_nan=False)))
    ndim = len(shape)
    axis = draw(st.one_of(
        st.none(), st.integers(-ndim, ndim - 1),
        st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim).map(tuple)))
    return x, axis


@settings(max_examples=40, deadline=None)
@given(_array_and_axis())
def test_reductions_match_numpy(case):
    x, axis = case
    numpy.testing.assert_allclose(F.sum(x, axis=axis).data, x.sum(axis=axis))
    numpy.testing.assert_allclose(F.max(x, axis=axis).data, x.max(axis=axis))
    numpy.testing.assert_allclose(F.min(x, axis=axis).data, x.min(axis=axis))
    numpy.testing.assert_allclose(F.mean(x, axis=axis).data, x.mean(axis=axis))
    numpy.testing.assert_allclose(F.logsumexp(x, axis=axis).data,
                                  numpy.log(numpy.exp(x).sum(axis=axis)), atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(_array_and_axis())
def test_sum_gradient_is_broadcast_of_output_gradient(case):
    x, axis = case
    xv = chainer.Variable(x)
    y = F.sum(xv, axis=axis)
    y.grad = numpy.arange(y.data.size, dtype=x.dtype).reshape(y.shape)
    y.backward()
    keep = numpy.sum(x, axis=axis, keepdims=True).shape
    numpy.testing.assert_array_equal(
        xv.grad, numpy.broadcast_to(y.grad.reshape(keep), x.shape))
