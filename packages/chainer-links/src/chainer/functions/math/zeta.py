"""Hurwitz zeta function: ``zeta`` (Chainer v6+; needs SciPy on the CPU)."""
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.functions.math._special import special_function
from chainer.utils import type_check


class Zeta(function_node.FunctionNode):
    """``y = zeta(x, q) = sum_k (k + q)^-x`` of the constant exponents ``x`` (an
    array held by the node) and the input ``q``."""

    def __init__(self, x):
        self._x = x

    @property
    def label(self):
        return 'zeta'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0,))
        q, = inputs
        xp = cuda.get_array_module(q)
        x = xp.asarray(self._x, dtype=q.dtype)
        return utils.force_array(special_function(xp, 'zeta')(x, q), q.dtype),

    def backward(self, indexes, grad_outputs):
        q, = self.get_retained_inputs()
        x = cuda.get_array_module(q).asarray(self._x, dtype=q.dtype)
        return grad_outputs[0] * (-x * zeta(x + 1, q)),


def zeta(x, q):
    """Hurwitz zeta function, elementwise.

    Args:
        x (array or float): the exponents (a constant: no gradient).
        q (~chainer.Variable or array): the offsets (floating point; ``x`` is used in
            their dtype).

    Returns:
        ~chainer.Variable: ``zeta(x, q)``; its derivative in ``q`` is
        ``-x zeta(x + 1, q)`` (differentiable to any order).

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return Zeta(x).apply((q,))[0]
