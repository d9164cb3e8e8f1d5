"""The fully-connected maxout layer ``L.Maxout``."""
import numbers

import numpy

import chainer.functions as F
from chainer import initializer
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
        initialW (array, initializer, scalar, callable or None): Initial weight; an
            array has shape ``(N, P, M)`` (or ``(N P, M)``), a callable fills an
            array of shape ``(N, P, M)`` (None: random). Parameters take
            ``chainer.config.dtype`` unless the initializer has a dtype. Given as
            the fourth positional argument (v2+ order, where ``wscale`` is gone),
            anything but a number is taken for ``initialW``, and the fifth for
            ``initial_bias``.
        initial_bias (array, initializer, float, callable or None): Initial bias,
            shape ``(N, P)`` (or ``(N P,)``), a scalar filling it or a callable
            filling an array of that shape; None: no bias.

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
        w_shape = (self.out_size, self.pool_size, in_size)
        b_shape = (self.out_size, self.pool_size)
        initialW = _as_linear_init(initialW, w_shape, 'initialW')
        initial_bias = _as_linear_init(initial_bias, b_shape, 'initial_bias')
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


def _as_linear_init(init, shape, name):
    """The initial value of the maxout layer's ``shape`` (``(N, P, M)`` or
    ``(N, P)``) as one of the :class:`~chainer.links.Linear`'s shape (the first two
    axes merged): an array is reshaped; a plain callable (v2+) is given a view of
    ``shape`` to fill; scalars, initializers and None pass."""
    if _is_array(init):
        return _reshaped(init, shape, name)
    if callable(init) and not isinstance(init, initializer.Initializer):
        return _ReshapedCallable(init, shape)
    return init


class _ReshapedCallable(object):
    """Calls ``fill`` with a view of the parameter array in the maxout shape."""

    def __init__(self, fill, shape):
        self._fill = fill
        self._shape = shape

    def __call__(self, array):
        self._fill(array.reshape(self._shape))


def _reshaped(array, shape, name):
    # Chainer v1 reshaped any array of the right size; the maxout shape, or the
    # Linear's own one (one axis fewer), are what it meant, and v2+ refuses the rest.
    flat = (shape[0] * shape[1],) + tuple(shape[2:])
    if array.ndim not in (len(shape), len(flat)) or array.size != numpy.prod(shape):
        raise ValueError('{} must be an array of shape {} (or {}), got {!r}'.format(
            name, shape, flat, getattr(array, 'shape', array)))
    return array.reshape(flat)
