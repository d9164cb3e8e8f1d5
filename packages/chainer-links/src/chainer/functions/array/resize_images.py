"""Bilinear resizing of images: ``resize_images``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.utils import type_check


def _interpolation_matrix(in_size, out_size, dtype):
    """The ``(out_size, in_size)`` matrix of linear interpolation along one axis.

    Output position ``k`` samples the input at ``k * (in_size - 1) / (out_size - 1)``:
    the first and last samples fall on the first and last pixels (corners aligned).
    """
    positions = numpy.linspace(0, in_size - 1, num=out_size)
    lower = numpy.clip(numpy.floor(positions).astype(numpy.intp), 0, max(in_size - 2, 0))
    upper = numpy.minimum(lower + 1, in_size - 1)
    frac = positions - lower
    matrix = numpy.zeros((out_size, in_size))
    rows = numpy.arange(out_size)
    # += twice: for a one-pixel axis, lower and upper are the same pixel.
    numpy.add.at(matrix, (rows, lower), 1 - frac)
    numpy.add.at(matrix, (rows, upper), frac)
    return matrix.astype(dtype)


class ResizeImages(function.Function):
    """Resizes images ``(n, c, h, w)`` to ``(n, c, out_h, out_w)`` by bilinear
    interpolation, which is separable: ``y = M_h x M_w^T`` per image and channel.

    Args:
        output_shape (pair of ints): ``(out_h, out_w)``.
    """

    def __init__(self, output_shape):
        self.out_H, self.out_W = (int(n) for n in output_shape)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 4)

    def _matrices(self, x):
        xp = cuda.get_array_module(x)
        h, w = x.shape[2:]
        return (xp.asarray(_interpolation_matrix(h, self.out_H, x.dtype)),
                xp.asarray(_interpolation_matrix(w, self.out_W, x.dtype)))

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        rows, cols = self._matrices(x)
        return xp.matmul(xp.matmul(rows, x), cols.T),

    def backward(self, inputs, grad_outputs):
        x, gy = inputs[0], grad_outputs[0]
        xp = cuda.get_array_module(x)
        rows, cols = self._matrices(x)
        # the adjoint of the forward: transposed interpolation matrices
        return xp.matmul(xp.matmul(rows.T, gy), cols),


def resize_images(x, output_shape):
    """Resizes images by bilinear interpolation.

    Output pixel ``(i, j)`` interpolates the input at
    ``(i * (h - 1) / (out_h - 1), j * (w - 1) / (out_w - 1))`` from its 2x2
    neighbourhood: the corner pixels of input and output coincide.

    Args:
        x (~chainer.Variable or array): float images of shape ``(n, c, h, w)``.
        output_shape (pair of ints): ``(out_h, out_w)``, height first (unlike
            OpenCV's ``(width, height)``).

    Returns:
        ~chainer.Variable: the images of shape ``(n, c, out_h, out_w)``.
    """
    return ResizeImages(output_shape)(x)
