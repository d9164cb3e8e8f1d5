"""Clipping of values to an interval: ``clip``."""
import numpy

from chainer import cuda
from chainer.functions._errors import AssertedValueError
from chainer.functions._unary_elementwise import constant_factor
from chainer.functions._unary_elementwise import UnaryElementwise


class Clip(UnaryElementwise):
    """``y = min(max(x, x_min), x_max)``; the gradient passes inside the closed
    interval (bounds included, as in Chainer v2+)."""

    def __init__(self, x_min, x_max):
        for name, v in (('x_min', x_min), ('x_max', x_max)):
            if v is not None and (not numpy.isscalar(v) or isinstance(v, (bool, str))):
                raise TypeError('{} must be a float or None, got {!r}'.format(name, v))
        if x_min is None and x_max is None:
            raise ValueError('at least one of x_min and x_max must be given')
        if x_min is not None and x_max is not None and not x_min < x_max:
            raise AssertedValueError('x_min must be less than x_max, got x_min={} '
                                     'x_max={}'.format(x_min, x_max))
        self.x_min = x_min
        self.x_max = x_max

    def _bounds(self, x):
        """``(low, high)`` in the dtype of ``x``, infinite where not given."""
        t = x.dtype.type
        return (t(-numpy.inf) if self.x_min is None else t(self.x_min),
                t(numpy.inf) if self.x_max is None else t(self.x_max))

    def compute(self, xp, x):
        low, high = self._bounds(x)
        if xp is not numpy:
            return cuda.kernel('clip_fwd')(x, low, high)
        return xp.clip(x, low, high)

    def derivative(self, xp, x, y, gy):
        low, high = self._bounds(x)
        if xp is not numpy:
            return cuda.kernel('clip_bwd')(x, gy, low, high)
        # Zero outside the closed interval; on a bound the output follows x from
        # one side, and the gradient passes (v2+; v1 gave zero there).
        return gy * ((x >= low) & (x <= high))

    def variable_derivative(self, x, y, gy):
        """``gy`` inside the bounds (included), 0 outside; the second derivative
        is zero (undefined on the bounds)."""
        low, high = self._bounds(x)
        d = x.data
        return gy * constant_factor(x, (d >= low) & (d <= high))


def clip(x, x_min, x_max):
    """Clips (limits) elements of an input variable.

    Given the interval ``[x_min, x_max]``, elements outside the interval are clipped
    to the interval edges:

    .. math:: y_i = \\min(\\max(x_i, x_{min}), x_{max}).

    The gradient is ``gy`` inside the closed interval (an element equal to a bound
    included, as in Chainer v2+; v1 gave zero there) and zero outside it. The
    function is piecewise linear: its second derivative is zero almost everywhere
    (undefined at the bounds), and a double backprop gives ``x`` a zero
    second-order gradient.

    Args:
        x (~chainer.Variable): input variable to be clipped.
        x_min (float or None): minimum value; None leaves the values unbounded
            below (v7).
        x_max (float or None): maximum value; None leaves them unbounded above
            (v7). At least one bound must be given.

    Returns:
        ~chainer.Variable: output variable.
    """
    return Clip(x_min, x_max)(x)
