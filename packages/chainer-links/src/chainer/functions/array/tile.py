"""Tiling of a variable: ``tile``."""
import numpy

from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


def _normalize_reps(reps):
    if isinstance(reps, (int, numpy.integer)) and not isinstance(reps, bool):
        reps = (reps,)
    if not isinstance(reps, (tuple, list)) or not all(
            isinstance(r, (int, numpy.integer)) and not isinstance(r, bool)
            for r in reps):
        raise TypeError('reps must be an int or a tuple of ints, got {!r}'.format(reps))
    if any(r < 0 for r in reps):
        raise ValueError('reps must be non-negative, got {}'.format(tuple(reps)))
    return tuple(int(r) for r in reps)


class Tile(function.Function):
    """Repeats the whole array ``reps[i]`` times along each axis ``i``.

    As in :func:`numpy.tile`, the shorter of ``x.shape`` and ``reps`` is padded with
    leading ones.
    """

    def __init__(self, reps):
        self.reps = _normalize_reps(reps)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, xs):
        xp = cuda.get_array_module(xs[0])
        return xp.tile(xs[0], self.reps),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Tile(self.reps)(*a))
        x, gy = xs[0], gys[0]
        ndim = max(x.ndim, len(self.reps))
        reps = (1,) * (ndim - len(self.reps)) + self.reps
        shape = (1,) * (ndim - x.ndim) + x.shape
        # Output axis i is laid out as (reps[i], shape[i]); sum over the repeats.
        interleaved = tuple(n for pair in zip(reps, shape) for n in pair)
        gx = gy.reshape(interleaved).sum(axis=tuple(range(0, 2 * ndim, 2)))
        # force_array: a reduction to a 0-dim input gives a numpy scalar.
        return utils.force_array(gx.reshape(x.shape)),


def tile(x, reps):
    """Constructs an array by tiling a given array.

    Args:
        x (~chainer.Variable or array): input data.
        reps (int or tuple of ints): the number of times ``x`` is replicated along
            each axis.

    Returns:
        ~chainer.Variable: the tiled variable.
    """
    return Tile(reps)(x)
