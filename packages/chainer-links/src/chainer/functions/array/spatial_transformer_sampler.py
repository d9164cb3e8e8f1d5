"""Bilinear sampling of images at given points: ``spatial_transformer_sampler``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions.array import _linear_grad
from chainer.utils import type_check


class _Neighbourhood(object):
    """The four pixels around each sampling point and their bilinear weights.

    The image is seen with a border of one zero pixel; points are clipped to that
    border, so that points outside fade to zero within one pixel and are zero beyond.

    Attributes:
        corners (list): for each neighbour, ``((v, u), wu, wv, du, dv)``: its integer
            ``(B, P)`` coordinates in the padded image, its weights along u and v
            (the bilinear weight is ``wu * wv``) and its offsets ``du``, ``dv`` (0 or
            1) from the top-left neighbour.
        inside_u, inside_v: ``(B, P)`` masks of the points that were not clipped.
    """

    def __init__(self, grid, height, width):
        xp = cuda.get_array_module(grid)
        grid = grid.reshape(grid.shape[:2] + (-1,))
        # [-1, 1] spans the pixel centres 0 .. size - 1; +1 for the zero border.
        u = (grid[:, 0] + 1) * (width - 1) / 2 + 1
        v = (grid[:, 1] + 1) * (height - 1) / 2 + 1
        self.inside_u = (u > 0) & (u < width + 1)
        self.inside_v = (v > 0) & (v < height + 1)
        u = u.clip(0, width + 1)
        v = v.clip(0, height + 1)
        u0 = xp.floor(u).astype(numpy.int64).clip(0, width)
        v0 = xp.floor(v).astype(numpy.int64).clip(0, height)
        fu, fv = u - u0, v - v0
        self.corners = []
        for dv, wv in ((0, 1 - fv), (1, fv)):
            for du, wu in ((0, 1 - fu), (1, fu)):
                self.corners.append(((v0 + dv, u0 + du), wu, wv, du, dv))


def _pad_channels_last(x):
    """``x`` with a zero border of one pixel, as ``(B, H + 2, W + 2, C)``."""
    xp = cuda.get_array_module(x)
    return xp.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), mode='constant').transpose(
        0, 2, 3, 1)


def _gather(padded, rows, position):
    v, u = position
    return padded[rows, v, u]  # (B, P, C)


class SpatialTransformerSampler(function.Function):
    """Samples images ``(B, C, H, W)`` bilinearly at the points of a grid
    ``(B, 2, out_h, out_w)`` of normalized ``(x, y)`` coordinates.

    Args:
        use_cudnn (bool or None): accepted as in v1; every device runs the same
            array-generic computation.
    """

    def __init__(self, use_cudnn=None):
        self.use_cudnn = use_cudnn

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, grid_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            grid_type.dtype == x_type.dtype,
            x_type.ndim == 4,
            grid_type.ndim == 4,
            grid_type.shape[1] == 2,
            x_type.shape[0] == grid_type.shape[0],
        )

    def forward(self, inputs):
        x, grid = inputs
        xp = cuda.get_array_module(x)
        padded = _pad_channels_last(x)
        rows = xp.arange(len(x))[:, None]
        around = _Neighbourhood(grid, *x.shape[2:])
        y = sum((wu * wv)[:, :, None] * _gather(padded, rows, position)
                for position, wu, wv, _, _ in around.corners)
        return self._to_image(y.astype(x.dtype, copy=False), grid),

    @staticmethod
    def _to_image(values, grid):
        """``(B, P, C)`` values at the grid points -> ``(B, C, out_h, out_w)``."""
        batch, _, out_h, out_w = grid.shape
        return values.reshape(batch, out_h, out_w, -1).transpose(0, 3, 1, 2)

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):
            return _sampler_grad_graph(inputs, grad_outputs[0])
        x, grid = inputs
        xp = cuda.get_array_module(x)
        batch, channels, height, width = x.shape
        gy = grad_outputs[0].reshape(batch, channels, -1).transpose(0, 2, 1)  # (B, P, C)
        padded = _pad_channels_last(x)
        rows = xp.arange(batch)[:, None]
        around = _Neighbourhood(grid, height, width)
        gu = gv = 0
        flat_indices, contributions = [], []
        for (v, u), wu, wv, du, dv in around.corners:
            # d(weight)/du is +wv for the right neighbours and -wv for the left ones.
            g_at_corner = (gy * _gather(padded, rows, (v, u))).sum(axis=2)
            gu = gu + (2 * du - 1) * wv * g_at_corner
            gv = gv + (2 * dv - 1) * wu * g_at_corner
            pixel = (rows * (height + 2) + v) * (width + 2) + u
            flat_indices.append(pixel[:, :, None] * channels + xp.arange(channels))
            contributions.append((wu * wv)[:, :, None] * gy)
        gx = self._scatter(xp, flat_indices, contributions, padded.shape)
        # Clipped points do not move with the grid.
        gu = gu * around.inside_u * ((width - 1) / 2)
        gv = gv * around.inside_v * ((height - 1) / 2)
        ggrid = xp.stack([gu, gv], axis=1).reshape(grid.shape)
        return gx.astype(x.dtype, copy=False), ggrid.astype(grid.dtype, copy=False)

    @staticmethod
    def _scatter(xp, flat_indices, contributions, padded_shape):
        """Sums the contributions into the padded channels-last image; returns the
        ``(B, C, H, W)`` gradient of the unpadded input."""
        size = int(numpy.prod(padded_shape))
        # bincount adds the contributions of every point that shares a pixel.
        total = xp.bincount(xp.concatenate([i.ravel() for i in flat_indices]),
                            weights=xp.concatenate([c.ravel() for c in contributions]),
                            minlength=size)
        return total.reshape(padded_shape)[:, 1:-1, 1:-1].transpose(0, 3, 1, 2)


def _sample_graph(x, grid):
    """The sampler's forward built from differentiable functions (Variables in,
    Variable out): the bilinear weights follow the grid, the clipped coordinates and
    the integer neighbours are constants."""
    from chainer.functions.array.pad import pad
    from chainer.functions.array.reshape import reshape
    from chainer.functions.array.transpose import transpose
    from chainer.functions.array.where import where
    xp = cuda.get_array_module(x.data)
    batch, channels, height, width = x.shape
    around = _Neighbourhood(grid.data, height, width)
    points = reshape(grid, grid.shape[:2] + (-1,))
    coords = []
    for axis, size, inside in ((0, width, around.inside_u), (1, height, around.inside_v)):
        c = (points[:, axis] + 1) * ((size - 1) / 2.) + 1
        clipped = xp.clip(c.data, 0, size + 1)
        coords.append(where(inside, c, clipped))  # no slope where clipped
    u, v = coords
    padded = transpose(pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), 'constant'),
                       (0, 2, 3, 1))
    rows = xp.arange(batch)[:, None]
    (v0, u0), _, _, _, _ = around.corners[0]
    fu = u - u0.astype(x.dtype)
    fv = v - v0.astype(x.dtype)
    y = None
    for (pv, pu), _, _, du, dv in around.corners:
        wu = fu if du else 1 - fu
        wv = fv if dv else 1 - fv
        w = reshape(wu * wv, (batch, -1, 1))
        term = w * padded[rows, pv, pu]
        y = term if y is None else y + term
    return transpose(reshape(y, (batch,) + grid.shape[2:] + (channels,)), (0, 3, 1, 2))


def _sampler_grad_graph(inputs, gy):
    """The gradients of the sampler as Variables differentiable again: the forward is
    rebuilt from differentiable functions and differentiated with a graph."""
    import chainer
    x, grid = inputs
    y = _sample_graph(x, grid)
    return tuple(chainer.grad([y], [x, grid], [gy], enable_double_backprop=True))


def spatial_transformer_sampler(x, grid, use_cudnn=None):
    """Samples images bilinearly at the points of a grid (Spatial Transformer
    Networks, https://arxiv.org/abs/1506.02025).

    ``grid[b, 0]`` and ``grid[b, 1]`` are the x and y coordinates of the points,
    normalized so that -1 and 1 are the centres of the first and last column or row.
    The value at a point interpolates its 2x2 pixel neighbourhood; outside the
    image, pixels count as zero.

    Args:
        x (~chainer.Variable or array): float images of shape ``(B, C, H, W)``.
        grid (~chainer.Variable or array): points of shape ``(B, 2, out_h, out_w)``
            and x's dtype, e.g. from :func:`spatial_transformer_grid`.
        use_cudnn (bool or None): accepted as in v1; it does not change the result.

    Returns:
        ~chainer.Variable: the samples, of shape ``(B, C, out_h, out_w)``.
    """
    return SpatialTransformerSampler(use_cudnn)(x, grid)
