"""Base of the elementwise unary functions (math: exp, log, sqrt, ...; activations:
relu, sigmoid, tanh, ...; clip).

Each function is a small subclass of :class:`UnaryElementwise` that states its
forward map and its derivative; the type check, the dtype handling and the
keeping of the output for backward live here once.

The backward is differentiable (a double backprop): given Variables, it builds the
gradient from differentiable functions (:meth:`UnaryElementwise.variable_derivative`),
while an ordinary backward stays on arrays.
"""
import copy
import weakref

import numpy

from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.graph_optimizations import _replay
from chainer.utils import type_check


class _DifferentiableMath(object):
    """Stands for the array module in :meth:`UnaryElementwise.derivative` when that is
    given Variables: ``xp.sin(x)`` and the like become ``F.sin(x)``."""

    def __getattr__(self, name):
        import chainer.functions
        return getattr(chainer.functions, name)


_DIFFERENTIABLE_MATH = _DifferentiableMath()


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

    _differentiable_backward = True

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

    def variable_derivative(self, x, y, gy):
        """The input gradient ``gy * f'(x)`` as a differentiable graph (double
        backprop).

        The default calls :meth:`derivative` with Variables and, as its array module,
        an object whose functions are those of :mod:`chainer.functions`; a subclass
        whose derivative uses anything else (a GPU kernel, a mask) overrides this.

        Args:
            x (~chainer.Variable): the input.
            y (~chainer.Variable): the output, a node of this function's graph.
            gy (~chainer.Variable): the gradient of the output.

        Returns:
            ~chainer.Variable: the gradient of ``x``.
        """
        return self.derivative(_DIFFERENTIABLE_MATH, x, y, gy)

    def _output_variable(self):
        return output_variable(self, self._y)

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
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return self._double_backprop_gradient(x, grad_outputs[0]),
        xp = cuda.get_array_module(x)
        if self.piecewise_constant:
            return xp.zeros_like(x),
        gx = self.derivative(xp, x, self._y, grad_outputs[0])
        return utils.force_array(gx, x.dtype),

    def _replay_form(self, in_arrays, out_arrays, needed):
        """A static replay's form of this call: :class:`_HostUnaryReplay` for a host
        input where the subclass keeps this class's forward and backward."""
        cls = type(self)
        if type(in_arrays[0]) is not numpy.ndarray or not _DEFINED.kept_by(cls):
            return None  # overridden, or patched since import: run the node
        return _HostUnaryReplay(copy.copy(self))

    def _double_backprop_gradient(self, x, gy):
        if self.piecewise_constant:  # the gradient is zero: so are its derivatives
            xp = cuda.get_array_module(x.data)
            return variable.Variable(xp.zeros_like(x.data), requires_grad=False)
        return self.variable_derivative(x, self._output_variable(), gy)


def output_variable(func, y_array):
    """The single output of the v1 Function ``func`` as a Variable of its graph, for
    a double backprop; made again from ``y_array`` (the kept output array) when the
    caller dropped it."""
    y = func.outputs[0]()
    if y is None:
        y = variable.Variable(y_array)
        y.creator = func
        y.rank = func.rank + 1
        func.outputs = (weakref.ref(y),)
    return y


def constant_factor(x, condition, value=1):
    """``value`` where ``condition`` holds, else 0, as an array of ``x``'s dtype: the
    derivative of a piecewise linear function, whose own derivative is zero almost
    everywhere (undefined at the kinks)."""
    return (condition * x.dtype.type(value)).astype(x.dtype, copy=False)


_DEFINED = _replay.DefinedMethods(UnaryElementwise, 'forward', 'backward')


class _HostUnaryReplay(object):
    """A host :class:`UnaryElementwise` call in a static replay: the node's own
    :meth:`~UnaryElementwise.compute` and :meth:`~UnaryElementwise.derivative`, with
    the output kept by the replay instead of the node."""

    __slots__ = ('node',)

    def __init__(self, node):
        self.node = node

    def forward(self, inputs):
        x = inputs[0]
        y = utils.force_array(self.node.compute(numpy, x), x.dtype)
        return (y,), y

    def backward(self, inputs, y, grad_outputs):
        x = inputs[0]
        node = self.node
        if node.piecewise_constant:
            return numpy.zeros_like(x),
        return utils.force_array(node.derivative(numpy, x, y, grad_outputs[0]), x.dtype),
