import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def test_forward(dtype, fwd_tol):
    rng = numpy.random.RandomState(0)
    x, mean, ln_var = (rng.uniform(-1, 1, (3, 2)).astype(dtype) for _ in range(3))
    y = F.gaussian_nll(x, mean, ln_var)
    assert y.data.shape == () and y.data.dtype == dtype
    # sum of -log of the normal density, written from the density itself
    sd = numpy.exp(ln_var.astype(numpy.float64) / 2)
    pdf = numpy.exp(-((x - mean.astype(numpy.float64)) / sd) ** 2 / 2) / (
        sd * numpy.sqrt(2 * numpy.pi))
    testing.assert_allclose(y.data, -numpy.log(pdf).sum(), **fwd_tol)


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(1)
    x, mean, ln_var = (rng.uniform(-1, 1, (3, 2)).astype(dtype) for _ in range(3))
    gradient_check.check_backward(F.gaussian_nll, (x, mean, ln_var),
                                  numpy.array(0.5, dtype), **grad_tol)


def test_bad_types():
    with pytest.raises(type_check.InvalidType):
        F.gaussian_nll(numpy.zeros((3, 2), numpy.float32),
                       numpy.zeros((3, 2), numpy.float32),
                       numpy.zeros((3, 2), numpy.float16))
