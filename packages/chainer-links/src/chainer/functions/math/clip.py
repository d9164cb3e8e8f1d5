"""Clipping of values to an interval: ``clip``."""
import numpy

from chainer import cuda
from chainer.functions._errors import AssertedValueError
from chainer.functions._unary_elementwise import constant_factor
from chainer.functions._unary_elementwise import UnaryElementwise


class Clip(UnaryElementwise):
    """``y = min(max(x, x_min), x_max)``; the gradient passes only strictly inside."""

    def __init__(self, x_min, x_max):
        for name, v in (('x_min', x_min), ('x_max', x_max)):
            if not numpy.isscalar(v) or isinstance(v, (bool, str)):
                raise TypeError('{} must be a float, got {!r}'.format(name, v))
        if not x_min < x_max:
            raise AssertedValueError('x_min must be less than x_max, got x_min={} '
                                     'x_max={}'.format(x_min, x_max))
        self.x_min = x_min
        self.x_max = x_max

    def compute(self, xp, x):
        t = x.dtype.type
        if xp is not numpy:
            return cuda.kernel('clip_fwd')(x, t(self.x_min), t(self.x_max))
        return xp.clip(x, t(self.x_min), t(self.x_max))

    def derivative(self, xp, x, y, gy):
        t = x.dtype.type
        if xp is not numpy:
            return cuda.kernel('clip_bwd')(x, gy, t(self.x_min), t(self.x_max))
        # Zero outside and on the bounds, where the output does not follow x.
        return gy * ((x > t(self.x_min)) & (x < t(self.x_max)))

    def variable_derivative(self, x, y, gy):
        """``gy`` inside the bounds, 0 outside; the second derivative is zero
        (undefined on the bounds)."""
        t = x.dtype.type
        d = x.data
        return gy * constant_factor(x, (d > t(self.x_min)) & (d < t(self.x_max)))


def clip(x, x_min, x_max):
    """Clips (limits) elements of an input variable.

    Given the interval ``[x_min, x_max]``, elements outside the interval are clipped
    to the interval edges:

    .. math:: y_i = \\min(\\max(x_i, x_{min}), x_{max}).

    The gradient is ``gy`` strictly inside the interval and zero elsewhere.

    Args:
        x (~chainer.Variable): input variable to be clipped.
        x_min (float): minimum value.
        x_max (float): maximum value.

    Returns:
        ~chainer.Variable: output variable.
    """
    return Clip(x_min, x_max)(x)
