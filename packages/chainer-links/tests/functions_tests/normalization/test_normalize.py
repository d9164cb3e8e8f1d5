import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('eps', [1e-5, 0.1])
def test_forward(dtype, eps):
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(dtype)
    y = F.normalize(x, eps=eps)
    assert y.data.dtype == dtype
    x64 = x.astype(numpy.float64)
    expected = x64 / (numpy.linalg.norm(x64, axis=1, keepdims=True) + eps)
    testing.assert_allclose(y.data, expected, atol=1e-3 if dtype == numpy.float16 else 1e-6)


def test_rows_get_unit_norm():
    y = F.normalize(numpy.random.randn(4, 5) * 10, eps=0).data
    testing.assert_allclose(numpy.linalg.norm(y, axis=1), numpy.ones(4))


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(dtype)
    check_backward(F.normalize, x, numpy.random.randn(3, 4).astype(dtype))


def test_zero_row_has_finite_output_and_gradient():
    x = chainer.Variable(numpy.array([[0, 0, 0], [3, 4, 0]], numpy.float32))
    y = F.normalize(x)
    y.grad = numpy.ones_like(y.data)
    y.backward()
    assert numpy.isfinite(y.data).all() and numpy.isfinite(x.grad).all()
    # At x = 0, y = x / eps: the gradient of the zero row is gy / eps.
    testing.assert_allclose(x.grad[0], numpy.full(3, 1e5), rtol=1e-5)


@pytest.mark.parametrize('shape,axis', [((3,), 1), ((2, 3), 2), ((2, 3), -3)])
def test_axis_out_of_range_is_rejected(shape, axis):
    with pytest.raises(type_check.InvalidType):
        F.normalize(numpy.zeros(shape, numpy.float32), axis=axis)


@pytest.mark.parametrize('shape,axis', [((2, 3, 4), 1), ((2, 3, 4), 2), ((2, 3, 4), 0),
                                        ((5,), 0), ((2, 3), -1)])
def test_normalize_along_an_axis_as_in_v1_24(check_backward, shape, axis):
    x = numpy.random.uniform(-1, 1, shape).astype(numpy.float64)
    y = F.normalize(x, axis=axis)
    expected = x / (numpy.linalg.norm(x, axis=axis, keepdims=True) + 1e-5)
    testing.assert_allclose(y.data, expected)
    # a small step: with 2 elements along the axis the norm can be small and the
    # default step's truncation error exceeds the float64 tolerance
    check_backward(lambda x: F.normalize(x, axis=axis), x, numpy.random.randn(*shape),
                   eps=1e-5)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.normalize(numpy.zeros((2, 3), numpy.int32))


@pytest.mark.parametrize('shape,axis', [((2, 3, 4), (1, 2)), ((2, 3), ()), ((3, 2), (0,))])
def test_normalize_along_several_axes(shape, axis):
    x = numpy.random.randn(*shape)
    y = F.normalize(x, eps=1e-3, axis=axis)
    norm = numpy.sqrt((x * x).sum(axis=axis, keepdims=True))
    testing.assert_allclose(y.data, x / (norm + 1e-3))


@pytest.mark.parametrize('dtype,tol', [
    (numpy.float16, 5e-2), (numpy.float32, 1e-2), (numpy.float64, 1e-5)])
@pytest.mark.parametrize('axis', [1, (0, 1)])
def test_double_backward(dtype, tol, axis):
    from chainer import gradient_check
    x = numpy.random.uniform(.5, 1, (3, 4)).astype(dtype)
    gy = numpy.random.randn(3, 4).astype(dtype)
    ggx = numpy.random.randn(3, 4).astype(dtype)
    gradient_check.check_double_backward(
        lambda x: F.normalize(x, axis=axis), x, gy, ggx, dtype=numpy.float64,
        atol=tol, rtol=tol)


def test_scalar_input_with_no_axis():
    y = F.normalize(numpy.array(-2.0), eps=0, axis=())
    assert isinstance(y.data, numpy.ndarray) and y.data == -1
