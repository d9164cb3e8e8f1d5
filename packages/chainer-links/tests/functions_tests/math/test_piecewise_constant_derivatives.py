"""The math functions whose second derivative is zero almost everywhere or undefined
(abs, sign, fix, floor, ceil) and the index functions (argmax, argmin): a double
backprop gives what their docstrings state, in float16, float32 and float64; and
F.sparse_matmul (a COO operand) differentiable twice in each dtype."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import utils

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _away_from_integers(rng, dtype, shape=(2, 3)):
    return (numpy.floor(rng.uniform(-3, 3, shape)) + rng.uniform(.2, .8, shape)
            ).astype(dtype)


def _is_zero(g):
    return g is None or not numpy.any(g.array)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('name', ['sign', 'fix', 'floor', 'ceil'])
def test_piecewise_constant_functions_have_zero_derivatives_of_every_order(
        rng, name, dtype):
    x = chainer.Variable(_away_from_integers(rng, dtype))
    func = getattr(F, name)
    gx, = chainer.grad([F.sum(func(x) * x)], [x], enable_double_backprop=True)
    # d/dx (f(x) x) = f(x) where f' = 0
    expected = getattr(numpy, name)(x.array)
    numpy.testing.assert_array_equal(gx.array, expected)
    assert gx.dtype == dtype
    ggx, = chainer.grad([F.sum(gx * gx)], [x])
    assert _is_zero(ggx)


@pytest.mark.parametrize('dtype', DTYPES)
def test_abs_gradient_is_the_sign_and_its_derivative_zero(rng, dtype):
    x = chainer.Variable(_away_from_integers(rng, dtype))
    gx, = chainer.grad([F.sum(F.abs(x))], [x], enable_double_backprop=True)
    numpy.testing.assert_array_equal(gx.array, numpy.sign(x.array))
    ggx, = chainer.grad([F.sum(gx * x)], [x])
    # only the explicit factor x is differentiated: d/dx (sign(x) x) = sign(x)
    numpy.testing.assert_array_equal(ggx.array, numpy.sign(x.array))


@pytest.mark.parametrize('dtype', DTYPES)
def test_abs_times_input_differentiates_twice(rng, check_double_backward, dtype):
    # |x| x has second derivative 2 sign(x): the zero second derivative of abs enters
    x = _away_from_integers(rng, dtype)
    check_double_backward(lambda v: F.abs(v) * v, x)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('name', ['argmax', 'argmin'])
def test_index_functions_give_no_gradient_of_any_order(rng, name, dtype):
    x = chainer.Variable(rng.permutation(6).reshape(2, 3).astype(dtype))
    idx = getattr(F, name)(x, axis=1)
    assert idx.dtype == numpy.int32
    numpy.testing.assert_array_equal(idx.array, getattr(numpy, name)(x.array, axis=1))
    assert chainer.grad([idx], [x]) == [None]
    # the index picks an element whose value stays differentiable twice
    picked = F.select_item(x, idx.array)
    gx, = chainer.grad([F.sum(picked * picked)], [x], enable_double_backprop=True)
    ggx, = chainer.grad([F.sum(gx)], [x])
    mask = numpy.zeros((2, 3))
    mask[numpy.arange(2), idx.array] = 2
    numpy.testing.assert_allclose(ggx.array, mask)


@pytest.mark.parametrize('dtype', DTYPES)
def test_sparse_matmul_differentiable_twice(rng, check_double_backward, dtype):
    a = rng.uniform(-1, 1, (3, 4)) * (rng.rand(3, 4) > .4)
    sp = utils.to_coo(a.astype(dtype))
    b = rng.uniform(-1, 1, (4, 2)).astype(dtype)

    def func(data, dense):
        coo = utils.CooMatrix(data.array, sp.row, sp.col, sp.shape)
        coo.data = data  # the entries as the differentiated input
        return F.sparse_matmul(coo, dense)

    check_double_backward(func, (sp.data.array, b))


@pytest.mark.parametrize('dtype', DTYPES)
def test_fmod_gradients_are_piecewise_constant(rng, dtype):
    x = chainer.Variable(rng.uniform(.1, .9, (2, 3)).astype(dtype) * 3)
    d = chainer.Variable(rng.uniform(1.1, 1.4, (2, 3)).astype(dtype))
    gx, gd = chainer.grad([F.sum(F.fmod(x, d))], [x, d], enable_double_backprop=True)
    numpy.testing.assert_array_equal(gx.array, numpy.ones((2, 3)))
    numpy.testing.assert_array_equal(gd.array, -numpy.fix(x.array / d.array))
    for g in (gx, gd):
        assert all(_is_zero(gg) for gg in chainer.grad([F.sum(g * g)], [x, d]))


@pytest.mark.parametrize('dtype', DTYPES)
def test_clip_second_derivative_is_zero(rng, dtype):
    x = chainer.Variable(_away_from_integers(rng, dtype) * dtype(.5))
    gx, = chainer.grad([F.sum(F.clip(x, -.6, .6))], [x], enable_double_backprop=True)
    numpy.testing.assert_array_equal(gx.array, abs(x.array) <= dtype(.6))
    ggx, = chainer.grad([F.sum(gx * gx)], [x])
    assert _is_zero(ggx)
