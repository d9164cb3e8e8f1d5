import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.noise.gaussian import Gaussian
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
def test_forward_matches_the_noise_it_drew(dtype):
    numpy.random.seed(0)
    mean = numpy.random.randn(3, 4).astype(dtype)
    ln_var = numpy.random.uniform(-1, 1, (3, 4)).astype(dtype)
    func = Gaussian()
    y = func(mean, ln_var).data
    assert y.dtype == dtype
    expected = mean.astype(numpy.float64) + \
        numpy.exp(ln_var.astype(numpy.float64) / 2) * func.eps
    testing.assert_allclose(y, expected, atol=1e-2 if dtype == numpy.float16 else 1e-6)


def test_samples_have_the_given_mean_and_variance():
    numpy.random.seed(1)
    n = 20000
    mean = numpy.full(n, 3.0)
    ln_var = numpy.full(n, numpy.log(4.0))
    y = F.gaussian(mean, ln_var).data
    # Standard errors: 2 / sqrt(n) for the mean, about 4 sqrt(2 / n) for the variance.
    assert abs(y.mean() - 3.0) < 5 * 2 / numpy.sqrt(n)
    assert abs(y.var() - 4.0) < 5 * 4 * numpy.sqrt(2 / n)


def test_fresh_noise_on_each_call():
    mean = numpy.zeros(10, numpy.float32)
    ln_var = numpy.zeros(10, numpy.float32)
    assert not numpy.array_equal(F.gaussian(mean, ln_var).data,
                                 F.gaussian(mean, ln_var).data)


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    numpy.random.seed(2)
    mean = numpy.random.randn(3, 2).astype(dtype)
    ln_var = numpy.random.uniform(-1, 1, (3, 2)).astype(dtype)
    check_backward(Gaussian(), (mean, ln_var), numpy.random.randn(3, 2).astype(dtype))


def test_shape_mismatch_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.gaussian(numpy.zeros(3, numpy.float32), numpy.zeros(4, numpy.float32))


def test_dtype_mismatch_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.gaussian(numpy.zeros(3, numpy.float32), numpy.zeros(3, numpy.float64))


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.gaussian(numpy.zeros(3, numpy.int32), numpy.zeros(3, numpy.int32))


def test_zero_dim_input_gives_arrays():
    mean = chainer.Variable(numpy.array(1.0, numpy.float32))
    ln_var = chainer.Variable(numpy.array(0.0, numpy.float32))
    y = F.gaussian(mean, ln_var)
    y.backward()
    assert type(y.data) is numpy.ndarray
    assert type(mean.grad) is numpy.ndarray and type(ln_var.grad) is numpy.ndarray
