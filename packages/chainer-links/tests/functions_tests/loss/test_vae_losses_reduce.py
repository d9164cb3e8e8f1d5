"""The ``reduce`` option of the VAE losses (Chainer v1.24): ``'sum'`` (the default) or
``'no'``, the loss of every element."""
import math

import numpy
import pytest

import chainer.functions as F
from chainer import testing


def _inputs(rng, n):
    return tuple(rng.uniform(-1, 1, (3, 2)).astype(numpy.float64) for _ in range(n))


def _kl(mean, ln_var):
    return 0.5 * (mean * mean + numpy.exp(ln_var) - ln_var - 1)


def _bernoulli(x, y):
    return numpy.log1p(numpy.exp(y)) - x * y


def _gaussian(x, mean, ln_var):
    return 0.5 * (math.log(2 * math.pi) + ln_var + (x - mean) ** 2 * numpy.exp(-ln_var))


CASES = [(F.gaussian_kl_divergence, _kl, 2), (F.bernoulli_nll, _bernoulli, 2),
         (F.gaussian_nll, _gaussian, 3)]


@pytest.mark.parametrize('func,reference,n_in', CASES)
def test_reduce_no_gives_the_loss_of_every_element_as_in_v1_24(
        rng, check_backward, func, reference, n_in):
    inputs = _inputs(rng, n_in)
    expected = reference(*inputs)
    per_element = func(*inputs, reduce='no')
    assert per_element.shape == (3, 2)
    testing.assert_allclose(per_element.data, expected)
    testing.assert_allclose(func(*inputs).data, expected.sum())
    testing.assert_allclose(func(*inputs, reduce='sum').data, expected.sum())
    check_backward(lambda *xs: func(*xs, reduce='no'), inputs, rng.randn(3, 2))


@pytest.mark.parametrize('func,reference,n_in', CASES)
def test_unknown_reduce_is_a_value_error(rng, func, reference, n_in):
    with pytest.raises(ValueError, match='reduce'):
        func(*_inputs(rng, n_in), reduce='average')
