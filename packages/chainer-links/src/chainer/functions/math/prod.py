"""Product of array elements over axes: ``prod`` (Chainer v3+)."""
import numbers

from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.core_functions import broadcast
from chainer.functions.math import _nodes
from chainer.utils import type_check


class Prod(function_node.FunctionNode):
    """``y = prod(x, axis)`` over one axis, the axis kept with length one.

    The gradient is ``gy`` times the product of the other elements of each slice:
    ``y / x`` when the slice has no zero, else the product of ``x`` with each element
    in turn set to one (a graph of quadratic size along the axis, used only where a
    zero needs it); both are differentiable to any order.
    """

    def __init__(self, axis):
        self.axis = axis

    @property
    def label(self):
        return 'Prod'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        ndim = type_check.eval(in_types[0].ndim)
        type_check.expect(0 <= self.axis, self.axis < ndim)

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x = inputs[0]
        return utils.force_array(x.prod(axis=self.axis, keepdims=True), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy = broadcast.BroadcastTo(x.shape).apply(grad_outputs)[0]
        xp = cuda.get_array_module(x.data)
        if xp.all(x.data != 0):
            return gy * broadcast.BroadcastTo(x.shape).apply((y,))[0] / x,
        axis, n = self.axis, x.shape[self.axis]
        # copy k of x (on a new axis in front of ``axis``) has element k set to one
        shape = x.shape[:axis] + (n,) + x.shape[axis:]
        xs = broadcast.BroadcastTo(shape).apply(
            (_nodes.reshape(x, x.shape[:axis] + (1,) + x.shape[axis:]),))[0]
        eye = xp.eye(n, dtype=x.dtype).reshape((n, n) + (1,) * (x.ndim - axis - 1))
        eye = xp.broadcast_to(eye, shape)
        others = Prod(axis + 1).apply((xs * (1 - eye) + eye,))[0]
        return gy * _nodes.reshape(others, x.shape),


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, tuple):
        axes = axis
    elif isinstance(axis, numbers.Integral) and not isinstance(axis, bool):
        axes = (axis,)
    else:
        raise TypeError('axis must be None, an int or a tuple of ints, got {!r}'
                        .format(axis))
    for a in axes:
        if not isinstance(a, numbers.Integral) or isinstance(a, bool):
            raise TypeError('axis must be None, an int or a tuple of ints, got {!r}'
                            .format(axis))
        if not -ndim <= a < ndim:
            raise ValueError('axis {} is out of range for an array of {} dimension(s)'
                             .format(a, ndim))
    normalized = [a % ndim for a in axes]
    if len(set(normalized)) != len(normalized):
        raise ValueError('duplicate value in axis: {}'.format(axis))
    return tuple(sorted(normalized))


def prod(x, axis=None, keepdims=False):
    """Product of array elements over the given axes.

    Args:
        x (~chainer.Variable or array): input (floating point).
        axis (None, int or tuple of int): the axes to multiply over; None (the
            default) multiplies all the elements.
        keepdims (bool): keep the reduced axes, with length one.

    Returns:
        ~chainer.Variable: the product (the product of no element is one).

    Raises:
        TypeError: ``axis`` is not None, an int or a tuple of ints.
        ValueError: an axis is out of range or repeated.
    """
    axes = _axes(axis, x.ndim)
    shape = x.shape
    y = x
    for a in axes:
        y = Prod(a).apply((y,))[0]
    if not axes:  # the product over no axis is the input itself, as a new node
        y = _nodes.ReshapeNode(shape).apply((y,))[0]
    if not keepdims:
        y = _nodes.reshape(y, tuple(n for i, n in enumerate(shape) if i not in axes))
    return y
