import numpy
import hypothesis
import hypothesis.extra.numpy as hnp
import hypothesis.strategies as st
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _reference(x, axis):
    e = numpy.exp(x.astype(numpy.float64))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,axis', [((3, 4), 1), ((2, 3, 4), 1), ((2, 3, 4), 2),
                                        ((2, 3, 4), 0), ((2, 3, 4), -1), ((5,), 0)])
def test_forward(dtype, shape, axis):
    x = numpy.random.uniform(-2, 2, shape).astype(dtype)
    y = F.softmax(x, axis=axis)
    assert y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, axis),
                            atol=1e-3 if dtype == numpy.float16 else 1e-6)


def test_default_axis_is_the_second():
    x = numpy.random.randn(2, 3, 2)
    testing.assert_allclose(F.softmax(x).data, _reference(x, 1))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('axis', [1, 2])
def test_backward(dtype, axis, check_backward):
    x = numpy.random.uniform(-1, 1, (2, 3, 4)).astype(dtype)
    check_backward(lambda v: F.softmax(v, axis=axis), x,
                   numpy.random.randn(2, 3, 4).astype(dtype))


def test_stable_for_large_inputs():
    x = numpy.array([[1000, 0, -1000], [-1000, -1000, -1000]], numpy.float32)
    with numpy.errstate(over='raise', divide='raise', invalid='raise'):
        y = F.softmax(x)
    testing.assert_allclose(y.data, numpy.array([[1, 0, 0], [1 / 3, 1 / 3, 1 / 3]]))


@pytest.mark.parametrize('axis', [2, -3])
def test_axis_out_of_range_is_rejected(axis):
    with pytest.raises(type_check.InvalidType):
        F.softmax(numpy.zeros((2, 3), numpy.float32), axis=axis)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.softmax(numpy.zeros((2, 3), numpy.int32))


@hypothesis.settings(max_examples=30, deadline=None)
@hypothesis.given(hnp.arrays(numpy.float32, hnp.array_shapes(min_dims=2, max_dims=3,
                                                              max_side=4),
                             elements=st.floats(-1e4, 1e4, width=32)))
def test_any_finite_input_gives_a_distribution(x):
    y = F.softmax(x).data
    assert numpy.isfinite(y).all() and (y >= 0).all()
    testing.assert_allclose(y.sum(axis=1), numpy.ones(x.shape[:1] + x.shape[2:]),
                            atol=1e-5)
