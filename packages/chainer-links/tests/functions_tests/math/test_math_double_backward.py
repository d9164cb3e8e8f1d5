"""Second-order gradients of the reductions, pairwise and linear-algebra functions
against finite differences of their first-order gradients."""
import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check


def _check_twice(rng, func, inputs, **tolerances):
    inputs = inputs if isinstance(inputs, tuple) else (inputs,)
    y = func(*inputs)
    gy = numpy.asarray(rng.randn(*y.shape))
    ggs = tuple(numpy.asarray(rng.randn(*x.shape)) for x in inputs)
    gradient_check.check_backward(func, inputs, gy, **tolerances)
    gradient_check.check_double_backward(func, inputs, gy, ggs, **tolerances)


@pytest.mark.parametrize('axis', [None, 0, 1, (0, 1)])
@pytest.mark.parametrize('name', ['max', 'min', 'logsumexp', 'average', 'mean', 'sum'])
def test_reductions(rng, axis, name):
    _check_twice(rng, lambda x: getattr(F, name)(x, axis), rng.randn(3, 4))


@pytest.mark.parametrize('axis,w_shape', [(None, (3, 4)), (1, (4,))])
def test_weighted_average(rng, axis, w_shape):
    def func(x, w):
        return F.average(x, axis, w, keepdims=True)
    _check_twice(rng, func, (rng.randn(3, 4), rng.uniform(.5, 1, w_shape)))


@pytest.mark.parametrize('name', ['maximum', 'minimum', 'squared_difference'])
def test_pairwise(rng, name):
    _check_twice(rng, getattr(F, name), (rng.randn(3, 4), rng.randn(3, 4)))


def test_fmod_identity_interpolation_bias_scale_l2(rng):
    _check_twice(rng, F.fmod, (rng.randn(3, 4), rng.uniform(1, 2, (3, 4))))
    _check_twice(rng, lambda x: F.identity(x) * x, rng.randn(3))
    _check_twice(rng, F.linear_interpolate,
                 (rng.rand(3, 4), rng.randn(3, 4), rng.randn(3, 4)))
    _check_twice(rng, lambda x, y: F.bias(x, y, 1), (rng.randn(2, 3, 4), rng.randn(3)))
    _check_twice(rng, lambda x, y: F.scale(x, y, 1),
                 (rng.randn(2, 3, 4), rng.randn(3, 4)))
    _check_twice(rng, F.batch_l2_norm_squared, rng.randn(2, 3, 4))


def test_inverse_and_determinant(rng):
    m = rng.randn(3, 3) + 3 * numpy.eye(3)
    batch = rng.randn(2, 3, 3) + 3 * numpy.eye(3)
    tol = dict(atol=1e-4, rtol=1e-4)
    _check_twice(rng, F.inv, m, **tol)
    _check_twice(rng, F.batch_inv, batch, **tol)
    _check_twice(rng, F.det, m, **tol)
    _check_twice(rng, F.batch_det, batch, **tol)


def test_arctan2_broadcasts_and_differentiates_twice(rng):
    a, b = rng.randn(3, 4), rng.randn(4)
    numpy.testing.assert_allclose(F.arctan2(a, b).data, numpy.arctan2(a, b))
    _check_twice(rng, F.arctan2, (a, b))


@pytest.mark.parametrize('x_min,x_max,expected', [
    (None, 1.0, [-3.0, 0.5, 1.0]), (-1.0, None, [-1.0, 0.5, 3.0])])
def test_clip_with_one_bound(x_min, x_max, expected):
    y = F.clip(numpy.array([-3.0, 0.5, 3.0]), x_min, x_max)
    numpy.testing.assert_array_equal(y.data, expected)


def test_clip_needs_a_bound():
    with pytest.raises(ValueError):
        F.clip(numpy.zeros(2), None, None)


def test_matmul_of_mixed_dtypes_keeps_v1_column_vectors(rng):
    # the same meaning as for one dtype (a numerical gradient casts to one dtype)
    v = rng.randn(4).astype(numpy.float32)
    m = rng.randn(4, 3)
    y = F.matmul(v, m, transa=True)
    assert y.shape == (1, 3) and y.dtype == numpy.float64
    numpy.testing.assert_allclose(y.data[0], v.astype(numpy.float64).dot(m), rtol=1e-6)
    assert F.matmul(v.astype(numpy.float64), m, transa=True).shape == (1, 3)

    def func(v, m):
        return F.matmul(v, m, transa=True)
    _check_twice(rng, func, (v.astype(numpy.float64), m))


@pytest.mark.parametrize('name', ['maximum', 'minimum'])
@pytest.mark.parametrize('shapes', [((3, 2), (2,)), ((1, 2), (3, 1)), ((), (3,))])
def test_maximum_minimum_broadcast(rng, name, shapes):
    a, b = (numpy.asarray(rng.randn(*s)) for s in shapes)
    numpy.testing.assert_array_equal(getattr(F, name)(a, b).data,
                                     getattr(numpy, name)(a, b))
    _check_twice(rng, getattr(F, name), (a, b))


@pytest.mark.parametrize('shapes', [((3, 2),) * 3, ((1, 3), (), (2, 1, 2, 1))])
def test_add_of_several_operands(rng, shapes):
    xs = tuple(numpy.asarray(rng.randn(*s)) for s in shapes)
    numpy.testing.assert_allclose(F.add(*xs).data, xs[0] + xs[1] + xs[2])
    _check_twice(rng, F.add, xs)
    with pytest.raises(TypeError):
        F.add()


@pytest.mark.parametrize('name', ['fft', 'ifft'])
@pytest.mark.parametrize('shape', [(4,), (2, 3)])
def test_fft_and_ifft(rng, name, shape):
    real, imag = rng.randn(*shape), rng.randn(*shape)
    y_real, y_imag = getattr(F, name)((real, imag))
    expected = getattr(numpy.fft, name)(real + 1j * imag)
    numpy.testing.assert_allclose(y_real.data, expected.real, atol=1e-12)
    numpy.testing.assert_allclose(y_imag.data, expected.imag, atol=1e-12)

    def func(r, i):
        return getattr(F, name)((r, i))
    grads = (rng.randn(*shape), rng.randn(*shape))
    gradient_check.check_backward(func, (real, imag), grads)
    gradient_check.check_double_backward(func, (real, imag), grads,
                                         (rng.randn(*shape), rng.randn(*shape)))


@pytest.mark.parametrize('n', [1, 4])
def test_cholesky(rng, n):
    m = rng.randn(n, n)
    a = m.dot(m.T) + n * numpy.eye(n)

    def func(a):
        return F.cholesky((a + a.T) * 0.5)
    numpy.testing.assert_allclose(func(a).data, numpy.linalg.cholesky(a))
    _check_twice(rng, func, a, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('name', ['max', 'min', 'logsumexp'])
def test_axes_naming_one_axis_twice_are_a_value_error(name):
    with pytest.raises(ValueError):
        getattr(F, name)(numpy.ones((2, 3, 4)), axis=(1, -2))


def test_rsqrt_label():
    # the one-node form (GPU arrays) keeps its label; on the host rsqrt is 1 / sqrt
    # (v1 and v7), a division node
    from chainer.functions.math.rsqrt import RsqrtGPU
    assert RsqrtGPU().label == 'rsqrt'


@pytest.mark.parametrize('a_shape,b_shape,transa,transb', [
    ((3, 2, 5), (3, 5, 4), False, False), ((3, 5, 2), (3, 4, 5), True, True),
    ((3, 5), (3, 5), True, False)])
def test_batch_matmul_warns_and_differentiates_twice(rng, a_shape, b_shape, transa,
                                                     transb):
    with pytest.warns(DeprecationWarning):
        F.batch_matmul(numpy.ones(a_shape), numpy.ones(b_shape), transa, transb)

    def func(a, b):
        return F.batch_matmul(a, b, transa, transb)
    with pytest.warns(DeprecationWarning):
        _check_twice(rng, func, (rng.randn(*a_shape), rng.randn(*b_shape)))


@pytest.mark.parametrize('axis,weights', [
    ((0, 0), None), ((1, -2), None), ((0, 1), numpy.ones((3, 2)))])
def test_average_rejects_repeated_axes_and_several_axes_with_weights(axis, weights):
    from chainer.utils import type_check
    with pytest.raises(ValueError):
        F.average(numpy.ones((3, 2, 4)), axis, weights)
    with pytest.raises(type_check.InvalidType):
        F.average(numpy.ones((3, 2, 4)), axis, weights)
