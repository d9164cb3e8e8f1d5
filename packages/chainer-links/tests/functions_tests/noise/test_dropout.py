import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.noise.dropout import Dropout
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('ratio', [0.0, 0.3, 0.5, 0.9])
def test_forward_keeps_or_rescales_each_element(dtype, ratio):
    numpy.random.seed(0)
    x = numpy.random.uniform(0.5, 1, (40, 50)).astype(dtype)  # nonzero everywhere
    y = F.dropout(chainer.Variable(x), ratio=ratio).data
    assert y.dtype == dtype
    kept = y != 0
    testing.assert_allclose(y[kept], x[kept] * dtype(1 / (1 - ratio)))
    # 2000 Bernoulli draws: the dropped fraction is within 5 sigma of the ratio.
    sigma = numpy.sqrt(ratio * (1 - ratio) / x.size)
    assert abs((1 - kept.mean()) - ratio) <= 5 * sigma + 1e-12


def test_default_ratio_is_one_half():
    numpy.random.seed(1)
    y = F.dropout(numpy.ones((100, 100), numpy.float32)).data
    assert abs((y == 0).mean() - 0.5) < 0.03
    assert set(numpy.unique(y)) == {0.0, 2.0}


def test_not_training_returns_the_input():
    x = chainer.Variable(numpy.random.randn(3, 4).astype(numpy.float32))
    assert F.dropout(x, ratio=0.5, train=False) is x


def test_not_training_wraps_an_array():
    x = numpy.random.randn(3, 4).astype(numpy.float32)
    y = F.dropout(x, train=False)
    assert isinstance(y, chainer.Variable) and y.data is x


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    numpy.random.seed(2)
    x = numpy.random.randn(3, 4).astype(dtype)
    func = Dropout(0.4)  # one instance: the mask drawn first is reused throughout
    check_backward(func, x, numpy.random.randn(3, 4).astype(dtype))
    assert (func.mask == 0).any() and (func.mask != 0).any()


def test_gradient_is_masked_like_the_output():
    numpy.random.seed(3)
    x = chainer.Variable(numpy.ones((5, 6), numpy.float32))
    y = F.dropout(x, 0.5)
    y.grad = numpy.ones_like(y.data)
    y.backward()
    testing.assert_allclose(x.grad, y.data)


@pytest.mark.parametrize('ratio', [-0.1, 1.0, 1.5])
def test_bad_ratio_is_rejected(ratio):
    with pytest.raises(ValueError, match='ratio'):
        F.dropout(numpy.zeros(3, numpy.float32), ratio=ratio)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.dropout(numpy.arange(3))


def test_zero_dim_input_gives_arrays():
    x = chainer.Variable(numpy.array(2.0, numpy.float32))
    y = F.dropout(x, 0.0)
    y.backward()
    assert type(y.data) is numpy.ndarray and type(x.grad) is numpy.ndarray
    assert y.data == 2.0 and x.grad == 1.0
