"""Base of the elementwise unary functions (math: exp, log, sqrt, ...; activations:
relu, sigmoid, tanh, ...; clip).

Each function is a small subclass of :class:`UnaryElementwise` that states its
forward map and its derivative; the type check, the dtype handling and the
keeping of the output for backward live here once.
"""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check


class UnaryElementwise(function.Function):
    """``y = f(x)`` elementwise on a floating-point array; ``gx = gy * f'(x)``.

    Subclasses define :meth:`compute` and :meth:`derivative` (or set
    :attr:`piecewise_constant` for a function whose gradient is zero), and ``label``:
    the name Chainer v1 gives the node, where it is not the class name (v1 names most
    math functions in lower case: ``'exp'``, ``'log2'``, ...).
    """

    #: Whether the function is piecewise constant (rounding): its backward gives a
    #: zero gradient, as Chainer v1 does, rather than none.
    piecewise_constant = False

    def compute(self, xp, x):
        """The forward map ``f(x)``, elementwise.

        Args:
            xp: the array module of ``x`` (numpy or cupy).
            x: the input array (floating point).

        Returns:
            array: ``f(x)``, of the dtype of ``x``.
        """
        raise NotImplementedError('UnaryElementwise subclasses define compute()')

    def derivative(self, xp, x, y, gy):
        """The input gradient ``gy * f'(x)``, elementwise.

        Args:
            xp: the array module of ``x`` (numpy or cupy).
            x: the input array.
            y: the output :meth:`compute` gave for ``x``.
            gy: the gradient of the output.

        Returns:
            array: the gradient of ``x``.
        """
        raise NotImplementedError('UnaryElementwise subclasses define derivative()')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        y = utils.force_array(self.compute(xp, x), x.dtype)
        if not self.piecewise_constant:
            self._y = y
        return y,

    def backward(self, inputs, grad_outputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        if self.piecewise_constant:
            return xp.zeros_like(x),
        gx = self.derivative(xp, x, self._y, grad_outputs[0])
        return utils.force_array(gx, x.dtype),
