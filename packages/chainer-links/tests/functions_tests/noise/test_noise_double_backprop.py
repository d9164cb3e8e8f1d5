"""simplified_dropconnect differentiable twice; gumbel_softmax (Chainer v2+)."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check


@pytest.mark.parametrize('batchwise', [True, False])
@pytest.mark.parametrize('with_bias', [True, False])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_simplified_dropconnect_twice(batchwise, with_bias, dtype):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (3, 2, 2)).astype(dtype)
    W = rng.uniform(-1, 1, (5, 4)).astype(dtype)
    b = rng.uniform(-1, 1, 5).astype(dtype)
    mask = rng.rand(*((3, 5, 4) if batchwise else (5, 4))) > 0.4
    inputs = (x, W, b) if with_bias else (x, W)

    def f(*xs):
        return F.simplified_dropconnect(*xs, ratio=0.4, mask=mask, train=True)

    gy = rng.uniform(-1, 1, (3, 5)).astype(dtype)
    ggs = tuple(rng.uniform(-1, 1, a.shape).astype(dtype) for a in inputs)
    tol = dict(atol=1e-3, rtol=1e-3) if dtype == numpy.float32 else {}
    gradient_check.check_double_backward(f, inputs, gy, ggs, **tol)


def test_simplified_dropconnect_mixed_second_derivative():
    # y = (W * m / (1 - r)) x: d2 y / (dx dW) is the mask over (1 - r); d2y/dx2 = 0.
    x = chainer.Variable(numpy.array([[1.0, 2.0]]))
    W = chainer.Variable(numpy.array([[0.5, -1.0]]))
    mask = numpy.array([[[True, False]]])
    y = F.simplified_dropconnect(x, W, ratio=0.5, mask=mask, train=True)
    gx, = chainer.grad([y], [x], enable_double_backprop=True)
    numpy.testing.assert_allclose(gx.data, [[1.0, 0.0]])
    gW, gxx = chainer.grad([gx[0, 0]], [W, x])
    numpy.testing.assert_allclose(gW.data, [[2.0, 0.0]])
    assert gxx is None or not gxx.data.any()


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('axis', [0, 1])
def test_gumbel_softmax_sample(dtype, axis):
    log_pi = chainer.Variable(numpy.log(numpy.array([[0.1, 0.9], [0.5, 0.5],
                                                     [0.3, 0.7]])).astype(dtype))
    y = F.gumbel_softmax(log_pi, tau=0.5, axis=axis)
    assert y.shape == (3, 2) and y.dtype == dtype
    assert (y.data >= 0).all()
    numpy.testing.assert_allclose(y.data.astype(numpy.float64).sum(axis=axis), 1,
                                  atol=1e-2)
    y.grad = numpy.ones_like(y.data)
    F.sum(y * y).backward()
    assert log_pi.grad.shape == (3, 2)


def test_gumbel_softmax_low_temperature_follows_probabilities():
    numpy.random.seed(0)
    log_pi = numpy.log(numpy.tile([[0.2, 0.8]], (4000, 1))).astype(numpy.float32)
    y = F.gumbel_softmax(log_pi, tau=0.01).data
    assert abs(float((y.argmax(axis=1) == 1).mean()) - 0.8) < 0.03
    assert F.gumbel_softmax(numpy.zeros((), numpy.float32)).data == 1


def test_gumbel_softmax_twice_with_fixed_noise():
    from chainer import gradient_check
    rng = numpy.random.RandomState(2)
    log_pi = rng.uniform(-1, 1, (3, 4))

    def f(x):
        numpy.random.seed(7)  # the same Gumbel noise at every evaluation
        return F.gumbel_softmax(x, tau=0.7)

    gradient_check.check_double_backward(
        f, log_pi, rng.uniform(-1, 1, (3, 4)), rng.uniform(-1, 1, (3, 4)))
