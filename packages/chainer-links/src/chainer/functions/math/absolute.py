"""Elementwise absolute value: ``F.absolute`` and ``F.abs``.

``Variable.__abs__`` already builds this node (chainer-core's basic math); the function
form is what v1's documented ``Reporter`` example calls
(``F.sum(F.abs(pred - y))``).
"""
import numpy

import chainer
from chainer import cuda
from chainer import utils
from chainer.core_functions.basic_math import Absolute


class _Absolute(Absolute):
    """chainer-core's Absolute node with the GPU backward on the ``abs_bwd`` kernel.

    Core's node is array-generic (``sign(x) * gy``: two GPU passes); chainer-core may not
    depend on the kernel library's names, so the wiring lives here.
    """

    def backward(self, x, gy):
        # Variables (a double backprop) and host arrays take core's generic backward
        if not isinstance(x[0], numpy.ndarray):
            if not isinstance(x[0], chainer.Variable):
                return utils.force_array(cuda.kernel('abs_bwd')(x[0], gy[0])),
        return Absolute.backward(self, x, gy)


def absolute(x):
    """Elementwise absolute value.

    .. math:: y_i = |x_i|, \\qquad \\frac{\\partial y_i}{\\partial x_i} = \\mathrm{sign}(x_i)

    (the gradient at 0 is 0). The gradient is piecewise constant: the second
    derivative is zero almost everywhere (undefined at 0), and a double backprop
    gives ``x`` no second-order gradient (None, a zero).

    Args:
        x (~chainer.Variable or array): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable of the shape and dtype of ``x``.
    """
    return _Absolute()(x)


#: The name used by v1's documented reporting example.
abs = absolute
