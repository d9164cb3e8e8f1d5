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

    Subclasses define:

    - ``compute(xp, x)``: the forward map, returning an array of ``x``'s dtype.
    - ``derivative(xp, x, y, gy)``: the input gradient ``gy * f'(x)`` (``y`` is the
      forward output), or leave :attr:`differentiable` False to make the function
      non-differentiable (its backward then gives no gradient).
    """

    #: Whether the function has a gradient (rounding functions have none).
    differentiable = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        y = utils.force_array(self.compute(xp, x), x.dtype)
        if self.differentiable:
            self._y = y
        return y,

    def backward(self, inputs, grad_outputs):
        if not self.differentiable:
            return None,
        x = inputs[0]
        xp = cuda.get_array_module(x)
        gx = self.derivative(xp, x, self._y, grad_outputs[0])
        return utils.force_array(gx, x.dtype),
