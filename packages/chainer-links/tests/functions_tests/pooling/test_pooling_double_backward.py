"""Second derivatives of the poolings and their v4+ arguments (1-d/3-d forms,
return_indices)."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing

TOLS = [(numpy.float16, 5e-2), (numpy.float32, 1e-3), (numpy.float64, 1e-5)]


def _distinct(shape, dtype):
    # distinct values spaced apart, so that finite differences do not move an argmax
    x = numpy.random.permutation(numpy.prod(shape)).reshape(shape) * 0.5
    return x.astype(dtype)


def _check(f, x, dtype, tol):
    y = f(x)
    gy = numpy.random.randn(*y.shape).astype(dtype)
    ggx = numpy.random.randn(*x.shape).astype(dtype)
    gradient_check.check_double_backward(f, x, gy, ggx, dtype=numpy.float64,
                                         atol=tol, rtol=tol, eps=1e-3)


@pytest.mark.parametrize('dtype,tol', TOLS)
@pytest.mark.parametrize('f', [
    lambda x: F.max_pooling_2d(x, 2, 1, 1),
    lambda x: F.max_pooling_nd(x, (2, 3), 2, cover_all=False),
    lambda x: F.average_pooling_2d(x, 3, 2, 1),
    lambda x: F.average_pooling_nd(x, 2),
    lambda x: F.unpooling_2d(x, 2, 1),
    lambda x: F.unpooling_nd(x, (2, 2), 2, cover_all=False),
])
def test_double_backward(f, dtype, tol):
    _check(f, _distinct((2, 2, 4, 5), dtype), dtype, tol)


@pytest.mark.parametrize('dtype,tol', TOLS)
@pytest.mark.parametrize('f,shape', [
    (lambda x: F.max_pooling_1d(x, 2, 1, 1), (2, 2, 5)),
    (lambda x: F.average_pooling_1d(x, 3, 2, 1), (2, 2, 5)),
    (lambda x: F.unpooling_1d(x, 2), (2, 2, 3)),
    (lambda x: F.max_pooling_3d(x, 2, 1), (1, 2, 3, 3, 2)),
    (lambda x: F.average_pooling_3d(x, 2, 1, 1), (1, 2, 3, 2, 2)),
    (lambda x: F.unpooling_3d(x, 2, cover_all=False), (1, 2, 2, 1, 2)),
], ids=['max_pooling_1d', 'average_pooling_1d', 'unpooling_1d', 'max_pooling_3d',
        'average_pooling_3d', 'unpooling_3d'])
def test_double_backward_1d_and_3d(f, shape, dtype, tol):
    _check(f, _distinct(shape, dtype), dtype, tol)


def test_max_pooling_second_derivative_in_x_is_zero():
    x = chainer.Variable(_distinct((1, 1, 4, 4), numpy.float64))
    y = F.max_pooling_2d(x, 2)
    gx, = chainer.grad([y], [x], [numpy.ones(y.shape)], enable_double_backprop=True)
    ggx = numpy.random.randn(1, 1, 4, 4)
    g2, = chainer.grad([gx], [x], [ggx])
    assert g2 is None or not g2.data.any()


def test_max_pooling_returns_indices_in_the_flat_window():
    x = _distinct((1, 2, 4, 4), numpy.float32)
    y, idx = F.max_pooling_2d(x, 2, return_indices=True)
    windows = x.reshape(1, 2, 2, 2, 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(
        1, 2, 2, 2, 4)
    numpy.testing.assert_array_equal(idx, windows.argmax(axis=-1))
    y2, idx2 = F.max_pooling_nd(x, 2, return_indices=True)
    numpy.testing.assert_array_equal(idx2, idx)
    numpy.testing.assert_array_equal(y.data, y2.data)


@pytest.mark.parametrize('name,ndim', [
    ('max_pooling_1d', 1), ('max_pooling_3d', 3), ('average_pooling_1d', 1),
    ('average_pooling_3d', 3), ('unpooling_1d', 1), ('unpooling_3d', 3)])
def test_fixed_dimension_forms(name, ndim):
    f = getattr(F, name)
    x = _distinct((1, 2) + (4,) * ndim, numpy.float32)
    nd = getattr(F, name[:-2] + 'nd')
    kwargs = {'cover_all': False} if name.startswith('unpooling') else {}
    testing.assert_allclose(f(x, 2, **kwargs).data, nd(x, 2, **kwargs).data)
    with pytest.raises(ValueError):
        f(_distinct((1, 2) + (4,) * (ndim + 1), numpy.float32), 2)


@pytest.mark.parametrize('dtype,tol', TOLS)
def test_spatial_pyramid_pooling_double_backward(dtype, tol):
    _check(lambda x: F.spatial_pyramid_pooling_2d(x, 2, pooling='max'),
           _distinct((2, 2, 5, 4), dtype), dtype, tol)


def test_spatial_pyramid_pooling_v1_and_v3_arguments_agree():
    x = _distinct((1, 2, 5, 4), numpy.float32)
    y1 = F.spatial_pyramid_pooling_2d(x, 3, F.MaxPooling2D)
    y3 = F.spatial_pyramid_pooling_2d(x, 3, pooling='max')
    numpy.testing.assert_array_equal(y1.data, y3.data)
    with pytest.raises(ValueError):
        F.spatial_pyramid_pooling_2d(x, 3)
    with pytest.raises(ValueError):
        F.spatial_pyramid_pooling_2d(x, 3, pooling='average')


@pytest.mark.parametrize('dtype,tol', TOLS)
def test_upsampling_double_backward(dtype, tol):
    x = _distinct((1, 2, 4, 4), dtype)
    _, idx = F.max_pooling_2d(x, 2, return_indices=True)
    p = _distinct((1, 2, 2, 2), dtype)
    _check(lambda p: F.upsampling_2d(p, idx, 2, outsize=(4, 4)), p, dtype, tol)


def test_average_pooling_without_the_padding():
    x = numpy.arange(9.).reshape(1, 1, 3, 3)
    y = F.average_pooling_nd(x, 2, 2, 1, pad_value=None)
    # windows: {0}, {1, 2}, {3, 6}, {4, 5, 7, 8}
    testing.assert_allclose(y.data[0, 0], [[0, 1.5], [4.5, 6]])
    testing.assert_allclose(F.average_pooling_nd(x, 2, 2, 1, None).data, y.data)
    testing.assert_allclose(F.average_pooling_nd(x, 2, 2, 1).data[0, 0],
                            [[0, 0.75], [2.25, 6]])
    # v1's fifth positional argument use_cudnn
    testing.assert_allclose(F.average_pooling_nd(x, 2, 2, 1, False).data[0, 0],
                            [[0, 0.75], [2.25, 6]])
    with pytest.raises(ValueError):
        F.average_pooling_nd(x, 2, pad_value=1)


@pytest.mark.parametrize('dtype,tol', TOLS)
def test_average_pooling_without_padding_double_backward(dtype, tol):
    _check(lambda x: F.average_pooling_nd(x, 3, 2, 1, pad_value=None),
           _distinct((1, 2, 4, 5), dtype), dtype, tol)
