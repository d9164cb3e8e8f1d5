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
        initialW (array or None): Initial weight, shape ``(N, P, M)`` (None: random).
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
        if initialW is not None:
            initialW = _reshaped(initialW, (linear_out_size, in_size), 'initialW')
        if initial_bias is not None and not isinstance(initial_bias, numbers.Number):
            initial_bias = _reshaped(initial_bias, (linear_out_size,), 'initial_bias')
        self.add_link('linear', linear.Linear(
            in_size, linear_out_size, wscale, nobias=initial_bias is None,
            initialW=initialW, initial_bias=initial_bias))

    def __call__(self, x):
        """Applies the maxout layer to a batch of input vectors ``x``."""
        return F.maxout(self.linear(x), self.pool_size)


def _reshaped(array, shape, name):
    if not hasattr(array, 'reshape') or array.size != numpy.prod(shape):
        raise ValueError('{} must be an array with {} entries, got {!r}'.format(
            name, shape, getattr(array, 'shape', array)))
    return array.reshape(shape)
