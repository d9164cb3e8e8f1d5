"""The sampling grid of an affine spatial transformer: ``spatial_transformer_grid``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions.array import _linear_grad
from chainer.utils import type_check


def _target_coordinates(xp, height, width, dtype):
    """The ``(3, height * width)`` homogeneous coordinates ``(x, y, 1)`` of the output
    pixels, ``x`` and ``y`` spanning [-1, 1] across the width and the height."""
    ys, xs = xp.meshgrid(xp.linspace(-1, 1, height), xp.linspace(-1, 1, width),
                         indexing='ij')
    coords = xp.stack([xs.ravel(), ys.ravel(), xp.ones(height * width)])
    return coords.astype(dtype, copy=False)


class SpatialTransformerGrid(function.Function):
    """Maps the pixels of an ``(out_h, out_w)`` output through affine matrices.

    Args:
        output_shape (pair of ints): ``(out_h, out_w)``.
        use_cudnn (bool or None): accepted as in v1; every device runs the same
            array-generic computation.
    """

    def __init__(self, output_shape, use_cudnn=None):
        self.output_shape = tuple(int(n) for n in output_shape)
        self.use_cudnn = use_cudnn

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        theta_type = in_types[0]
        type_check.expect(
            theta_type.dtype.kind == 'f',
            theta_type.ndim == 3,
            theta_type.shape[1] == 2,
            theta_type.shape[2] == 3,
        )

    def forward(self, inputs):
        theta = inputs[0]
        xp = cuda.get_array_module(theta)
        coords = _target_coordinates(xp, *self.output_shape, dtype=theta.dtype)
        grid = xp.matmul(theta, coords)
        return grid.reshape((len(theta), 2) + self.output_shape),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear in theta
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: SpatialTransformerGrid(
                    self.output_shape, self.use_cudnn)(*a))
        theta, ggrid = inputs[0], grad_outputs[0]
        xp = cuda.get_array_module(theta)
        coords = _target_coordinates(xp, *self.output_shape, dtype=theta.dtype)
        ggrid = ggrid.reshape(len(theta), 2, int(numpy.prod(self.output_shape)))
        return xp.matmul(ggrid, coords.T),


def spatial_transformer_grid(theta, output_shape, use_cudnn=None):
    """The source coordinates that an affine spatial transformer samples.

    For the output pixel at normalized coordinates ``(x_t, y_t)`` (each in
    [-1, 1], -1 at the first column or row and 1 at the last), the source point is
    ``(x_s, y_s) = theta @ (x_t, y_t, 1)`` (Spatial Transformer Networks,
    https://arxiv.org/abs/1506.02025). Feed the result to
    :func:`spatial_transformer_sampler`.

    Args:
        theta (~chainer.Variable or array): float affine matrices of shape
            ``(n, 2, 3)``.
        output_shape (pair of ints): ``(out_h, out_w)``.
        use_cudnn (bool or None): accepted as in v1; it does not change the result.

    Returns:
        ~chainer.Variable: the grid of shape ``(n, 2, out_h, out_w)``; channel 0
        holds ``x_s`` and channel 1 ``y_s``.
    """
    return SpatialTransformerGrid(output_shape, use_cudnn)(theta)
