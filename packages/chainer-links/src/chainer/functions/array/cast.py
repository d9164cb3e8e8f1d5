"""Type conversion of a variable: ``cast``."""
import numpy

import chainer

from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class Cast(function.Function):
    """Casts an array to a given dtype; the gradient is cast back to the input dtype."""

    def __init__(self, typ):
        self.type = numpy.dtype(typ)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, xs):
        return xs[0].astype(self.type, copy=False),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Cast(self.type)(*a))
        return gys[0].astype(xs[0].dtype, copy=False),


def cast(x, typ):
    """Casts an input variable to a given type.

    Args:
        x (~chainer.Variable): input variable.
        typ (str or dtype): typecode or data type to cast to.

    Returns:
        ~chainer.Variable: variable holding the cast array (the gradient flows back
        cast to the dtype of ``x``). With backprop disabled (``chainer.config.
        enable_backprop`` False), a Variable already of dtype ``typ`` is returned
        itself, as in Chainer v7.
    """
    if isinstance(x, function.Variable) and x.dtype == numpy.dtype(typ) and \
            not chainer.config.enable_backprop:
        return x
    return Cast(typ)(x)
