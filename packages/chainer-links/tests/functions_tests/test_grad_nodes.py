"""The differentiable helper nodes shared by the connection and normalization gradients."""
import numpy

import chainer
from chainer.functions import _grad_nodes


def test_cast_keeps_same_dtype_and_casts_gradient_back():
    x = chainer.Variable(numpy.arange(3, dtype=numpy.float16))
    assert _grad_nodes.cast(x, numpy.float16) is x
    y = _grad_nodes.cast(x, numpy.float32)
    assert y.dtype == numpy.float32
    y.grad = numpy.array([1., 2., 3.], dtype=numpy.float32)
    y.backward()
    assert x.grad.dtype == numpy.float16
    numpy.testing.assert_array_equal(x.grad, [1., 2., 3.])


def test_cast_like_uses_the_reference_dtype():
    x = chainer.Variable(numpy.ones(2, dtype=numpy.float32))
    ref = numpy.zeros(1, dtype=numpy.float64)
    assert _grad_nodes.cast_like(x, ref).dtype == numpy.float64
    assert _grad_nodes.cast_like(x, x.array) is x


def test_reshape_and_cast_differentiable_twice():
    x = chainer.Variable(numpy.array([1., 2., 3., 4.], dtype=numpy.float32))
    y = _grad_nodes.reshape(_grad_nodes.cast(x, numpy.float64), (2, 2))
    assert y.shape == (2, 2) and y.dtype == numpy.float64
    gx, = chainer.grad([y ** 3], [x],
                       grad_outputs=[numpy.ones((2, 2))], enable_double_backprop=True)
    numpy.testing.assert_allclose(gx.array, 3 * x.array ** 2)
    ggx, = chainer.grad([gx], [x], grad_outputs=[numpy.ones(4, dtype=numpy.float32)])
    numpy.testing.assert_allclose(ggx.array, 6 * x.array)


def test_as_variable_wraps_arrays_as_constants():
    a = numpy.zeros(2, dtype=numpy.float32)
    v = _grad_nodes.as_variable(a)
    assert isinstance(v, chainer.Variable) and not v.requires_grad
    assert _grad_nodes.as_variable(v) is v
