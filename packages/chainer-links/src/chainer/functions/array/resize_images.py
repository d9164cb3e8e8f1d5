"""Bilinear resizing of images: ``resize_images``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


def _sample_positions(in_size, out_size, mode, align_corners):
    """Where each output position samples the input axis (fractional for bilinear)."""
    if mode == 'nearest':
        scale = in_size / out_size
        return numpy.minimum(numpy.floor(numpy.arange(out_size) * scale), in_size - 1)
    if align_corners:
        return numpy.linspace(0, in_size - 1, num=out_size)
    # pixel centres: output centre k + 0.5 maps to input centre (k + 0.5) * scale
    scale = in_size / out_size
    return numpy.maximum((numpy.arange(out_size) + 0.5) * scale - 0.5, 0)


def _interpolation_matrix(in_size, out_size, dtype, mode='bilinear',
                          align_corners=True):
    """The ``(out_size, in_size)`` matrix of interpolation along one axis.

    Output position ``k`` samples the input at a position given by ``mode`` and
    ``align_corners`` (see :func:`resize_images`) and mixes its two neighbours
    linearly (bilinear) or takes the pixel there (nearest).
    """
    positions = _sample_positions(in_size, out_size, mode, align_corners)
    lower = numpy.clip(numpy.floor(positions).astype(numpy.intp), 0, max(in_size - 2, 0))
    upper = numpy.minimum(lower + 1, in_size - 1)
    frac = numpy.clip(positions - lower, 0, 1)
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
        mode (str): ``'bilinear'`` or ``'nearest'``.
        align_corners (bool): whether bilinear sampling aligns the corner pixels.
    """

    def __init__(self, output_shape, mode='bilinear', align_corners=True):
        if mode not in ('bilinear', 'nearest'):
            raise ValueError("mode must be 'bilinear' or 'nearest', got {!r}"
                             .format(mode))
        self.out_H, self.out_W = (int(n) for n in output_shape)
        self.mode = mode
        self.align_corners = bool(align_corners)

    @property
    def output_shape(self):
        """The ``(height, width)`` of the resized images."""
        return self.out_H, self.out_W

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 4)

    def _matrices(self, x):
        xp = cuda.get_array_module(x)
        h, w = x.shape[2:]
        return (xp.asarray(_interpolation_matrix(
                    h, self.out_H, x.dtype, self.mode, self.align_corners)),
                xp.asarray(_interpolation_matrix(
                    w, self.out_W, x.dtype, self.mode, self.align_corners)))

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        rows, cols = self._matrices(x)
        return xp.matmul(xp.matmul(rows, x), cols.T),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: ResizeImages(
                    self.output_shape, self.mode, self.align_corners)(*a))
        x, gy = inputs[0], grad_outputs[0]
        xp = cuda.get_array_module(x)
        rows, cols = self._matrices(x)
        # the adjoint of the forward: transposed interpolation matrices
        return xp.matmul(xp.matmul(rows.T, gy), cols),


def resize_images(x, output_shape, mode='bilinear', align_corners=True):
    """Resizes images by bilinear or nearest-neighbour interpolation.

    By default (v1's only behaviour) output pixel ``(i, j)`` interpolates the input
    at ``(i * (h - 1) / (out_h - 1), j * (w - 1) / (out_w - 1))`` from its 2x2
    neighbourhood: the corner pixels of input and output coincide. With
    ``align_corners=False`` the pixel centres are aligned instead: output row ``i``
    samples ``max((i + 0.5) * h / out_h - 0.5, 0)``. ``mode='nearest'`` takes input
    row ``min(floor(i * h / out_h), h - 1)`` (likewise for columns).

    Args:
        x (~chainer.Variable or array): float images of shape ``(n, c, h, w)``.
        output_shape (pair of ints): ``(out_h, out_w)``, height first (unlike
            OpenCV's ``(width, height)``).
        mode (str): ``'bilinear'`` (default) or ``'nearest'``.
        align_corners (bool): for bilinear sampling, whether the corner pixels of
            input and output coincide (default True).

    Returns:
        ~chainer.Variable: the images of shape ``(n, c, out_h, out_w)``.
    """
    return ResizeImages(output_shape, mode, align_corners)(x)
