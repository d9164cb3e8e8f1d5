"""Product of array elements over axes: ``prod`` (Chainer v3+)."""
import numbers

from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.core_functions import broadcast
from chainer.functions.math import _nodes
from chainer.utils import type_check


class _ProdAxis(function_node.FunctionNode):
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

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x = inputs[0]
        return utils.force_array(x.prod(axis=self.axis, keepdims=True), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        return _grad_along(x, y, grad_outputs[0], self.axis),


def _grad_along(x, y, gy, axis):
    """The gradient by ``x`` of ``y = prod(x, axis, keepdims=True)`` (Variables) for
    the output gradient ``gy`` (of the shape of ``y``)."""
    gy = broadcast.BroadcastTo(x.shape).apply((gy,))[0]
    xp = cuda.get_array_module(x.data)
    if xp.all(x.data != 0):
        return gy * broadcast.BroadcastTo(x.shape).apply((y,))[0] / x
    copies, _ = _nodes.copies_with_one(x, axis)
    others = _ProdAxis(axis + 1).apply((copies,))[0]
    return gy * _nodes.reshape(others, x.shape)


class Prod(function_node.FunctionNode):
    """``y = prod(x, axis, keepdims)``: the product over the given axes at once, as in
    Chainer v3-v7 (``axis`` is kept as None or a tuple of ints, ``keepdims`` as
    given).

    The gradient moves the reduced axes to the end, flattens them into one and takes
    the one-axis gradient there (differentiable to any order, zeros included).

    Args:
        axis (None, int or tuple of ints): the multiplied axes; None: all of them.
        keepdims (bool): keep the reduced axes, with length one.
    """

    def __init__(self, axis=None, keepdims=False):
        if axis is None:
            self.axis = None
        elif isinstance(axis, numbers.Integral) and not isinstance(axis, bool):
            self.axis = (int(axis),)
        else:
            self.axis = tuple(axis)
        self.keepdims = bool(keepdims)

    @property
    def label(self):
        return 'Prod'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        _axes(self.axis, type_check.eval(in_types[0].ndim))

    def forward(self, inputs):
        self.retain_inputs((0,))
        x = inputs[0]
        return utils.force_array(
            x.prod(axis=self.axis, keepdims=self.keepdims), x.dtype),

    def backward(self, indexes, grad_outputs):
        from chainer.functions.array.transpose import transpose
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        axes = _axes(self.axis, x.ndim)
        kept = tuple(i for i in range(x.ndim) if i not in axes)
        kept_shape = tuple(x.shape[i] for i in kept)
        size = 1
        for a in axes:
            size *= x.shape[a]
        perm = kept + axes
        xt = transpose(x, perm) if perm != tuple(range(x.ndim)) else x
        flat = _nodes.reshape(xt, kept_shape + (size,))
        last = len(kept)
        yflat = _ProdAxis(last).apply((flat,))[0]
        gflat = _grad_along(flat, yflat, _nodes.reshape(gy, kept_shape + (1,)), last)
        gx = _nodes.reshape(gflat, xt.shape)
        if perm != tuple(range(x.ndim)):
            inverse = tuple(perm.index(i) for i in range(x.ndim))
            gx = transpose(gx, inverse)
        return gx,


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
    if axis is not None:
        axis = _axes(axis, x.ndim)  # checked here: TypeError or ValueError
    return Prod(axis, keepdims).apply((x,))[0]
