import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def test_forward(dtype, fwd_tol):
    rng = numpy.random.RandomState(0)
    mean = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    ln_var = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    y = F.gaussian_kl_divergence(mean, ln_var)
    assert y.data.shape == () and y.data.dtype == dtype
    # closed form of KL(N(m, s^2) || N(0, 1)) per dimension: log(1/s) + (s^2+m^2)/2 - 1/2
    m = mean.astype(numpy.float64)
    s = numpy.exp(ln_var.astype(numpy.float64) / 2)
    expected = (numpy.log(1 / s) + (s * s + m * m) / 2 - 0.5).sum()
    testing.assert_allclose(y.data, expected, **fwd_tol)


def test_standard_gaussian_is_zero():
    z = numpy.zeros((2, 3), numpy.float32)
    assert float(F.gaussian_kl_divergence(z, z).data) == 0.0


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(1)
    mean = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    ln_var = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    gradient_check.check_backward(F.gaussian_kl_divergence, (mean, ln_var),
                                  numpy.array(0.5, dtype), **grad_tol)


def test_bad_types():
    with pytest.raises(type_check.InvalidType):
        F.gaussian_kl_divergence(numpy.zeros((3, 2), numpy.float32),
                                 numpy.zeros((3, 1), numpy.float32))
