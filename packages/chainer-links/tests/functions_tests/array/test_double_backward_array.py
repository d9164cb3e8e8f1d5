"""The array functions are differentiable twice: check_double_backward in every float
dtype, through the differentiable (Variable) branch of their backward."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check

_TOL = {
    numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64),
    numpy.float32: dict(atol=1e-3, rtol=1e-3),
    numpy.float64: dict(atol=1e-5, rtol=1e-5),
}

_IDX = numpy.array([2, 0, 1])

# name -> (function of the input Variables, input shapes)
_CASES = {
    'concat': (lambda a, b: F.concat((a, b), axis=1), [(2, 3), (2, 2)]),
    'split_axis': (lambda x: F.split_axis(x, [1, 3], axis=1), [(2, 4)]),
    'tile': (lambda x: F.tile(x, (2, 1, 3)), [(2, 3)]),
    'reshape': (lambda x: F.reshape(x, (3, -1)), [(2, 3)]),
    'flatten': (lambda x: F.flatten(x), [(2, 3)]),
    'expand_dims': (lambda x: F.expand_dims(x, -1), [(2, 3)]),
    'squeeze': (lambda x: F.squeeze(x, 1), [(2, 1, 3)]),
    'transpose': (lambda x: F.transpose(x, (1, 2, 0)), [(2, 3, 4)]),
    'swapaxes': (lambda x: F.swapaxes(x, 0, 2), [(2, 3, 4)]),
    'rollaxis': (lambda x: F.rollaxis(x, 2), [(2, 3, 4)]),
    'moveaxis': (lambda x: F.moveaxis(x, (0, 1), (2, 0)), [(2, 3, 4)]),
    'fliplr': (F.fliplr, [(2, 3)]),
    'flipud': (F.flipud, [(2, 3)]),
    'flip': (lambda x: F.flip(x, -1), [(2, 3)]),
    'depth2space': (lambda x: F.depth2space(x, 2), [(1, 4, 2, 2)]),
    'space2depth': (lambda x: F.space2depth(x, 2), [(1, 1, 4, 2)]),
    'im2col': (lambda x: F.im2col(x, 2, stride=1, pad=1), [(1, 2, 3, 3)]),
    'pad': (lambda x: F.pad(x, 1, 'constant', constant_values=2.), [(2, 3)]),
    'pad_edge': (lambda x: F.pad(x, ((0, 1), (2, 0)), 'edge'), [(2, 3)]),
    'pad_sequence': (lambda a, b: F.pad_sequence([a, b], length=4, padding=-1.),
                     [(3, 2), (1, 2)]),
    'stack': (lambda a, b: F.stack((a, b), axis=1), [(2, 3), (2, 3)]),
    'hstack': (lambda a, b: F.hstack((a, b)), [(2, 3), (2, 1)]),
    'vstack': (lambda a, b: F.vstack((a, b)), [(2, 3), (1, 3)]),
    'dstack': (lambda a, b: F.dstack((a, b)), [(2, 3), (2, 3)]),
    'separate': (lambda x: F.separate(x, 1), [(2, 3)]),
    'broadcast': (lambda a, b: F.broadcast(a, b), [(2, 1), (1, 3)]),
    'broadcast_to': (lambda x: F.broadcast_to(x, (2, 2, 3)), [(2, 1)]),
    'select_item': (lambda x: F.select_item(x, numpy.array([2, 0])), [(2, 3)]),
    'permutate': (lambda x: F.permutate(x, _IDX, axis=1), [(2, 3)]),
    'where': (lambda a, b: F.where(numpy.array([[True, False, True]]), a, b),
              [(1, 3), (1, 3)]),
    'cast': (lambda x: F.cast(x, numpy.float64), [(2, 3)]),
    'copy': (lambda x: F.copy(x, -1), [(2, 3)]),
    'resize_images': (lambda x: F.resize_images(x, (3, 5)), [(1, 1, 2, 3)]),
    'resize_images_centres': (
        lambda x: F.resize_images(x, (3, 5), align_corners=False), [(1, 1, 2, 3)]),
    'transpose_sequence': (lambda a, b: F.transpose_sequence([a, b]),
                           [(3, 2), (2, 2)]),
    'repeat': (lambda x: F.repeat(x, (1, 0, 2), axis=1), [(2, 3)]),
    'scatter_add': (lambda a, b: F.scatter_add(a, (slice(None), [0, 0]), b),
                    [(2, 3), (2, 2)]),
    'diagonal': (lambda x: F.diagonal(x, -1, 1, 2), [(2, 3, 3)]),
    'as_strided': (lambda x: F.as_strided(x, (2, 2), (1, 2), 0), [(2, 3)]),
}


def _outputs(ys):
    return ys if isinstance(ys, (tuple, list)) else (ys,)


@pytest.mark.parametrize('name', sorted(_CASES))
def test_double_backward(name, dtype):
    func, shapes = _CASES[name]
    rng = numpy.random.RandomState(7)
    xs = tuple(rng.uniform(-1, 1, s).astype(dtype) for s in shapes)
    ys = _outputs(func(*xs))
    gys = tuple(rng.uniform(-1, 1, y.shape).astype(y.dtype) for y in ys)
    ggxs = tuple(rng.uniform(-1, 1, s).astype(dtype) for s in shapes)

    def squared(*inputs):  # a nonlinear head, so that second derivatives are nonzero
        return tuple(y * y for y in _outputs(func(*inputs)))

    gradient_check.check_double_backward(squared, xs, gys, ggxs, **_TOL[dtype])


def test_gradient_of_gradient_is_function_again():
    # d/dgy <gx(gy), ggx> = f(ggx) for a linear f: checked exactly for concat.
    a = chainer.Variable(numpy.arange(6.).reshape(2, 3))
    b = chainer.Variable(numpy.arange(4.).reshape(2, 2))
    y = F.concat((a, b), axis=1)
    gy = chainer.Variable(numpy.ones((2, 5)))
    ga, gb = chainer.grad([y], [a, b], [gy], enable_double_backprop=True)
    ggy, = chainer.grad([ga, gb], [gy], [chainer.Variable(a.array),
                                         chainer.Variable(b.array)])
    numpy.testing.assert_array_equal(ggy.array, numpy.concatenate(
        (a.array, b.array), axis=1))


def test_pad_constant_border_is_not_in_second_gradient():
    # The border value of a constant pad is affine, not linear: the gradient of the
    # gradient pads with zeros.
    x = chainer.Variable(numpy.ones((2,)))
    y = F.pad(x, 1, 'constant', constant_values=5.)
    gy = chainer.Variable(numpy.ones(4))
    gx, = chainer.grad([y], [x], [gy], enable_double_backprop=True)
    ggy, = chainer.grad([gx], [gy], [chainer.Variable(numpy.array([2., 3.]))])
    numpy.testing.assert_array_equal(ggy.array, [0., 2., 3., 0.])


def test_first_order_backward_stays_on_arrays():
    # Without double backprop the gradient is computed on arrays: no graph is built.
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = F.sum(F.tile(x, 2)) if hasattr(F, 'sum') else None
    if y is None:
        pytest.skip('F.sum is not available')
    y.backward()
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 2, numpy.float32))
    assert x.grad_var.creator is None


def test_spatial_transformer_double_backward():
    # The sampler is bilinear in the grid: its second derivative in the grid is not
    # zero (the cross terms of the weights), checked against finite differences.
    rng = numpy.random.RandomState(3)
    theta = rng.uniform(-.6, .6, (2, 2, 3))
    x = rng.uniform(-1, 1, (2, 3, 4, 5))

    def transform(theta, x):
        grid = F.spatial_transformer_grid(theta, (3, 2))
        return F.spatial_transformer_sampler(x, grid)

    gradient_check.check_double_backward(
        transform, (theta, x), rng.uniform(-1, 1, (2, 3, 3, 2)),
        (rng.uniform(-1, 1, theta.shape), rng.uniform(-1, 1, x.shape)),
        atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_spatial_transformer_grid_and_sampler_twice_in_each_dtype(check_double_backward,
                                                                  dtype):
    rng = numpy.random.RandomState(4)
    theta = rng.uniform(-.6, .6, (1, 2, 3)).astype(dtype)
    x = rng.uniform(-1, 1, (1, 2, 3, 4)).astype(dtype)
    # the grid alone is linear in theta; squared, its second derivative is not zero
    check_double_backward(lambda t: F.spatial_transformer_grid(t, (2, 3)) ** 2, theta)

    def transform(theta, x):
        return F.spatial_transformer_sampler(x, F.spatial_transformer_grid(theta, (2, 2)))

    check_double_backward(transform, (theta, x))


def test_spatial_transformer_sampler_grid_second_derivative_value():
    # One channel, one point inside the image: y = sum_k w_k(u, v) x_k, so
    # d2y/du dv = x00 - x01 - x10 + x11 (scaled by the grid-to-pixel factors).
    x = numpy.array([[[[1., 2.], [4., 8.]]]])
    grid = chainer.Variable(numpy.array([[[[0.1]], [[-0.2]]]]))
    y = F.spatial_transformer_sampler(x, grid)
    g, = chainer.grad([y], [grid], enable_double_backprop=True)
    gu = g[0, 0, 0, 0]
    ggv, = chainer.grad([gu], [grid])
    # u and v move by (size - 1) / 2 = 0.5 pixel per grid unit
    numpy.testing.assert_allclose(ggv.array[0, 1, 0, 0], (1 - 2 - 4 + 8) * .25)
    numpy.testing.assert_allclose(ggv.array[0, 0, 0, 0], 0.)
