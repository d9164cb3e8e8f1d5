"""The fully-connected maxout layer ``L.Maxout``."""
import numbers

import numpy

import chainer.functions as F
from chainer import link
from chainer.links import _args
from chainer.links.connection import linear


class Maxout(link.Chain):
    """Fully-connected maxout layer.

    With input size M, pool size P and output size N:
    ``y_n = max_p (W_{n p} . x + b_{n p})``. It holds a :class:`Linear` with an
    ``(N P, M)`` weight (rows ordered ``(n, p)``) and an optional ``N P`` bias,
    followed by :func:`chainer.functions.maxout`.
    See: Goodfellow et al., Maxout Networks, ICML 2013.

    Args:
        in_size (int): Dimension M of input vectors.
        out_size (int): Dimension N of output vectors.
        pool_size (int): Number P of channels pooled per output.
        wscale (float): Scaling factor of the initial weight variance.
        initialW (array, initializer, scalar or None): Initial weight; an array has
            shape ``(N, P, M)`` (None: random). Given as the fourth positional
            argument (v2+ order, where ``wscale`` is gone), anything but a number
            is taken for ``initialW``, and the fifth for ``initial_bias``.
        initial_bias (array, float or None): Initial bias, shape ``(N, P)`` or a
            scalar filling it; None: no bias.

    Attributes:
        linear (~chainer.links.Linear): The affine transformation.
    """

    def __init__(self, in_size, out_size, pool_size, wscale=1, initialW=None,
                 initial_bias=0):
        super(Maxout, self).__init__()
        in_size = _args.positive_int(in_size, 'in_size')
        self.out_size = _args.positive_int(out_size, 'out_size')
        self.pool_size = _args.positive_int(pool_size, 'pool_size')
        linear_out_size = self.out_size * self.pool_size
        if not isinstance(wscale, numbers.Number) or isinstance(wscale, bool):
            # v2+ signature Maxout(in_size, out_size, pool_size, initialW, initial_bias):
            # a fourth positional argument that is not a number is the initial weight
            if initialW is not None:
                initial_bias = initialW
            initialW, wscale = wscale, 1
        if _is_array(initialW):
            initialW = _reshaped(initialW, (linear_out_size, in_size), 'initialW')
        if _is_array(initial_bias):
            initial_bias = _reshaped(initial_bias, (linear_out_size,), 'initial_bias')
        self.add_link('linear', linear.Linear(
            in_size, linear_out_size, wscale, nobias=initial_bias is None,
            initialW=initialW, initial_bias=initial_bias))

    def __call__(self, x):
        """Applies the maxout layer to a batch of input vectors ``x``."""
        return F.maxout(self.linear(x), self.pool_size)


def _is_array(value):
    """Whether ``value`` is an array to reshape (not None, a scalar or an
    initializer, which :class:`~chainer.links.Linear` takes as they are)."""
    return hasattr(value, 'reshape') and hasattr(value, 'size')


def _reshaped(array, shape, name):
    if not hasattr(array, 'reshape') or array.size != numpy.prod(shape):
        raise ValueError('{} must be an array with {} entries, got {!r}'.format(
            name, shape, getattr(array, 'shape', array)))
    return array.reshape(shape)
