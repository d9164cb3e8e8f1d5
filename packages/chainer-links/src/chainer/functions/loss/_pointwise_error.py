"""Base of ``absolute_error``/``squared_error``: an error of every element of two
arrays of one shape, with no reduction."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.functions import _type_checks
from chainer.utils import type_check


class PointwiseError(function.Function):
    """``y = e(x0 - x1)`` elementwise; ``gx0 = -gx1 = gy * e'(x0 - x1)``.

    Subclasses define :meth:`error` and :meth:`derivative`. The backward also works on
    Variables (a double backprop), using :meth:`variable_derivative`.
    """

    _differentiable_backward = True

    def variable_derivative(self, x0, x1):
        """``e'(x0 - x1)`` as a Variable of differentiable functions of the Variables
        ``x0`` and ``x1``; the default is the constant :meth:`derivative` (for errors
        whose second derivative is zero almost everywhere)."""
        from chainer.functions.loss import _double
        return _double.constant(self.derivative(cuda.get_array_module(self.diff),
                                                self.diff))

    def error(self, xp, diff):
        """The error ``e(diff)`` of each element.

        Args:
            xp: the array module of ``diff`` (numpy or cupy).
            diff: the difference ``x0 - x1``.

        Returns:
            array: the errors, of the shape of ``diff``.
        """
        raise NotImplementedError('PointwiseError subclasses define error()')

    def derivative(self, xp, diff):
        """The derivative ``e'(diff)`` of the error, elementwise.

        Args:
            xp: the array module of ``diff`` (numpy or cupy).
            diff: the difference ``x0 - x1``.

        Returns:
            array: ``e'(diff)``; the gradient of ``x0`` is ``gy`` times it, that of
            ``x1`` its negation.
        """
        raise NotImplementedError('PointwiseError subclasses define derivative()')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        x0, x1 = inputs
        self.diff = x0 - x1
        xp = cuda.get_array_module(x0)
        return utils.force_array(self.error(xp, self.diff), x0.dtype),

    def backward(self, inputs, grad_outputs):
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):
            gx0 = grad_outputs[0] * self.variable_derivative(*inputs)
            return gx0, -gx0
        xp = cuda.get_array_module(self.diff)
        gx0 = grad_outputs[0] * self.derivative(xp, self.diff)
        # force_array: the product and the negation of 0-d arrays are numpy scalars
        return (utils.force_array(gx0, self.diff.dtype),
                utils.force_array(-gx0, self.diff.dtype))
