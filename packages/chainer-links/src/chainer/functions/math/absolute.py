"""Elementwise absolute value: ``F.absolute`` and ``F.abs``.

``Variable.__abs__`` already builds this node (chainer-core's basic math); the function
form is what spec 001 §3.1 "Reporter" calls in its example
(``F.sum(F.abs(pred - y))``).
"""
from chainer.core_functions.basic_math import Absolute


def absolute(x):
    """Elementwise absolute value.

    .. math:: y_i = |x_i|, \\qquad \\frac{\\partial y_i}{\\partial x_i} = \\mathrm{sign}(x_i)

    (the gradient at 0 is 0).

    Args:
        x (~chainer.Variable or array): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable of the shape and dtype of ``x``.
    """
    return Absolute()(x)


#: The name used by spec 001's reporting example.
abs = absolute
