"""Polygamma function: ``polygamma`` (Chainer v5+; needs SciPy on the CPU)."""
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.functions.math._special import special_function
from chainer.utils import type_check


class PolyGamma(function_node.FunctionNode):
    """``y = psi^(n)(x)``, the n-th derivative of the digamma function, for integer
    orders ``n`` (an input without gradient) broadcast against ``x``."""

    @property
    def label(self):
        return 'polygamma'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2,
                          in_types[0].dtype.kind == 'i',
                          in_types[1].dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        n, x = inputs
        xp = cuda.get_array_module(x)
        return utils.force_array(special_function(xp, 'polygamma')(n, x), x.dtype),

    def backward(self, indexes, grad_outputs):
        n, x = self.get_retained_inputs()
        return None, polygamma(n.data + 1, x) * grad_outputs[0]


def polygamma(n, x):
    """Polygamma function of order ``n``, elementwise.

    Args:
        n (array of int): the orders (not differentiated; broadcast with ``x``).
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: ``psi^(n)(x)``, of the dtype of ``x``; its derivative in
        ``x`` is ``polygamma(n + 1, x)`` (differentiable to any order).

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return PolyGamma().apply((n, x))[0]
