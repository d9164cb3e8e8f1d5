"""Base of ``max``/``min``: the extreme value over axes, with gradient to the extreme."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions.math._reduction import check_reduction_axes
from chainer.functions.math._reduction import expand_to_input
from chainer.functions.math._reduction import reduction_axes
from chainer.functions.math.sum import broadcast_back


class SelectionReduce(function.Function):
    """``y = reducer(x, axis)``; ``gx = gy`` where ``x`` equals the extreme, else 0.

    Subclasses set ``reducer`` (``'amax'`` or ``'amin'``). As in Chainer, every
    element tied with the extreme receives the full gradient.
    """

    reducer = None

    _differentiable_backward = True

    def __init__(self, axis=None, keepdims=False):
        self.axis = reduction_axes(axis)
        self.keepdims = bool(keepdims)

    def check_type_forward(self, in_types):
        check_reduction_axes(in_types, self.axis)

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        self._y = utils.force_array(
            getattr(xp, self.reducer)(x, axis=self.axis, keepdims=self.keepdims))
        return self._y,

    def backward(self, inputs, grad_outputs):
        x = inputs[0]
        if isinstance(grad_outputs[0], variable.Variable):
            # a double backprop: gy routed by a constant mask (zero second derivative
            # in x almost everywhere)
            d = x.data
            xp = cuda.get_array_module(d)
            selected = d == expand_to_input(xp, self._y, d.shape, self.axis)
            gy = broadcast_back(grad_outputs[0], d.shape, self.axis)
            return gy * selected.astype(d.dtype),
        xp = cuda.get_array_module(x)
        selected = x == expand_to_input(xp, self._y, x.shape, self.axis)
        gy = expand_to_input(xp, grad_outputs[0], x.shape, self.axis)
        return utils.force_array(gy * selected),
