"""v2+ options of the noise functions (``F.gaussian``'s ``eps``/``return_eps``) and
their double backprop (dropout, zoneout, gaussian)."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing

TOLERANCES = {
    numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64),
    numpy.float32: dict(atol=1e-3, rtol=1e-3),
    numpy.float64: dict(atol=1e-5, rtol=1e-5),
}


def _u(shape, dtype, seed):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


@pytest.mark.parametrize('dtype', sorted(TOLERANCES, key=str))
def test_gaussian_returns_and_reuses_its_noise(dtype):
    m, v = _u((3, 2), dtype, 0), _u((3, 2), dtype, 1)
    y, eps = F.gaussian(m, v, return_eps=True)
    assert isinstance(eps, numpy.ndarray)
    assert y.dtype == dtype and eps.dtype == dtype and eps.shape == m.shape
    testing.assert_allclose(F.gaussian(m, v, eps=eps).array, y.array)
    expected = m.astype(numpy.float64) + numpy.exp(v / 2.) * eps
    testing.assert_allclose(y.array, expected, atol=1e-2 if dtype == numpy.float16
                            else 1e-5, rtol=1e-2 if dtype == numpy.float16 else 1e-5)


def test_gaussian_refuses_unknown_keywords():
    m = numpy.zeros(2, numpy.float32)
    with pytest.raises(TypeError, match='unexpected'):
        F.gaussian(m, m, noise=m)


@pytest.mark.parametrize('dtype', sorted(TOLERANCES, key=str))
def test_gaussian_backward_and_double_backward(dtype):
    m, v, eps = _u((3, 2), dtype, 2), _u((3, 2), dtype, 3), _u((3, 2), dtype, 4)
    gy, ggv = _u((3, 2), dtype, 5), _u((3, 2), dtype, 6)
    gradient_check.check_backward(
        lambda m, v: F.gaussian(m, v, eps=eps.astype(m.dtype)), (m, v), gy,
        **TOLERANCES[dtype])
    # The first-order gradients do not depend on the mean: check through ln_var.
    gradient_check.check_double_backward(
        lambda v: F.gaussian(m.astype(v.dtype), v, eps=eps.astype(v.dtype)), (v,), gy,
        (ggv,), **TOLERANCES[dtype])


def test_dropout_double_backprop_is_the_mask():
    x = chainer.Variable(_u((3, 4), numpy.float32, 7))
    one = numpy.ones((3, 4), numpy.float32)
    numpy.random.seed(8)
    y, mask = F.dropout(x, return_mask=True)
    gx, = chainer.grad([y * y], [x], [one], enable_double_backprop=True)
    testing.assert_allclose(gx.array, 2 * x.array * mask * mask)
    ggx, = chainer.grad([gx], [x], [one])
    testing.assert_allclose(ggx.array, 2 * mask * mask)


def test_zoneout_double_backprop_is_the_mask():
    h = chainer.Variable(_u((3, 4), numpy.float32, 9))
    x = chainer.Variable(_u((3, 4), numpy.float32, 10))
    one = numpy.ones((3, 4), numpy.float32)
    numpy.random.seed(11)
    func = F.noise.zoneout.Zoneout(0.5)
    z = func(h, x)
    gh, gx = chainer.grad([z * z], [h, x], [one], enable_double_backprop=True)
    assert gh.dtype == numpy.float32
    ggh, = chainer.grad([gh], [h], [one])
    testing.assert_allclose(ggh.array, 2 * func.flag_h)
    ggx, = chainer.grad([gx], [x], [one])
    testing.assert_allclose(ggx.array, 2 * func.flag_x)
