"""Type conversion of a variable: ``cast``."""
import numpy

from chainer import function
from chainer.utils import type_check


class Cast(function.Function):
    """Casts an array to a given dtype; the gradient is cast back to the input dtype."""

    def __init__(self, typ):
        self.type = numpy.dtype(typ)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, xs):
        return xs[0].astype(self.type, copy=False),

    def backward(self, xs, gys):
        return gys[0].astype(xs[0].dtype, copy=False),


def cast(x, typ):
    """Casts an input variable to a given type.

    Args:
        x (~chainer.Variable): input variable.
        typ (str or dtype): typecode or data type to cast to.

    Returns:
        ~chainer.Variable: variable holding the cast array (the gradient flows back
        cast to the dtype of ``x``).
    """
    return Cast(typ)(x)
