"""Second-order gradients of the elementwise unary functions (math and activations)
against finite differences of their first-order gradients."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check

# (function, low, high): inputs drawn away from the kinks and singularities
SMOOTH = [
    (F.exp, -1, 1), (F.expm1, -1, 1), (F.log, .5, 2), (F.log1p, -.5, 1),
    (F.log2, .5, 2), (F.log10, .5, 2), (F.sqrt, .5, 2), (F.rsqrt, .5, 2),
    (F.square, -1, 1), (F.sin, -1, 1), (F.cos, -1, 1), (F.tan, -1, 1),
    (F.arcsin, -.7, .7), (F.arccos, -.7, .7), (F.arctan, -1, 1),
    (F.sinh, -1, 1), (F.cosh, -1, 1), (F.sigmoid, -2, 2), (F.tanh, -2, 2),
    (lambda x: F.softplus(x, 2.0), -2, 2), (lambda x: F.elu(x, 0.5), -2, 2),
]
PIECEWISE_LINEAR = [
    F.relu, lambda x: F.leaky_relu(x, 0.3), lambda x: F.clipped_relu(x, 0.5),
    F.hard_sigmoid, lambda x: F.clip(x, -0.5, 0.5),
]


def _away_from(x, points, margin=0.05):
    for p in points:
        x[abs(x - p) < margin] = p + margin
    return x


@pytest.mark.parametrize('func,low,high', SMOOTH)
def test_smooth_functions_differentiate_twice(rng, func, low, high):
    x = rng.uniform(low, high, (3, 2))
    gy, ggx = rng.uniform(-1, 1, (3, 2)), rng.uniform(-1, 1, (3, 2))
    gradient_check.check_double_backward(func, x, gy, ggx, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('func', PIECEWISE_LINEAR)
def test_piecewise_linear_functions_have_zero_second_derivative(rng, func):
    x = _away_from(rng.uniform(-3, 3, (4, 3)), [-2.5, -0.5, 0, 0.5, 2.5])
    gy, ggx = rng.uniform(-1, 1, (4, 3)), rng.uniform(-1, 1, (4, 3))
    gradient_check.check_double_backward(func, x, gy, ggx)
    xv = chainer.Variable(x)
    gx, = chainer.grad([func(xv)], [xv], grad_outputs=[chainer.Variable(gy)],
                       enable_double_backprop=True)
    ggx_of_x, = chainer.grad([F.sum(gx * gx)], [xv])
    assert ggx_of_x is None or not numpy.any(ggx_of_x.data)


@pytest.mark.parametrize('func', [F.floor, F.ceil])
def test_rounding_has_zero_derivatives_of_every_order(rng, func):
    x = chainer.Variable(rng.uniform(-3, 3, (3,)) + 0.25)
    gx, = chainer.grad([F.sum(func(x) * x)], [x], enable_double_backprop=True)
    numpy.testing.assert_allclose(gx.data, numpy.floor(x.data) if func is F.floor
                                  else numpy.ceil(x.data))
    ggx, = chainer.grad([F.sum(gx)], [x])
    assert ggx is None or not numpy.any(ggx.data)


def test_second_order_when_the_output_was_dropped(rng):
    # only the gradient graph keeps the node; its output is made again from the array
    x = chainer.Variable(rng.uniform(-1, 1, (3,)))
    gx, = chainer.grad([F.sum(F.exp(x) * 2)], [x], enable_double_backprop=True)
    ggx, = chainer.grad([F.sum(gx)], [x])
    numpy.testing.assert_allclose(ggx.data, 2 * numpy.exp(x.data))
