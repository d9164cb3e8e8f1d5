"""(Weighted) average of array elements: ``average``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.core_functions import broadcast
from chainer.functions._axis import check_axes
from chainer.functions.math import _nodes
from chainer.functions.math._reduction import expand_to_input
from chainer.functions.math._reduction import kept_shape
from chainer.functions.math._reduction import normalize_axes
from chainer.functions.math._reduction import reduced_axes
from chainer.functions.math._reduction import reject_repeated_axes
from chainer.functions.math._reduction import RepeatedAxisError
from chainer.utils import type_check


class Average(function.Function):
    """Mean of ``x`` over axes, or its weighted mean when a second input ``w`` is given.

    Unweighted: ``y = sum(x) / n`` with ``n`` the number of averaged elements.
    Weighted: ``y = sum(x w) / sum(w)``, where ``w`` has the shape of ``x`` (``axis``
    None) or is 1-d along the single ``axis``; both inputs are differentiable:
    ``gx = gy w / sum(w)`` and ``gw = sum(gy (x - y)) / sum(w)`` (built from
    differentiable functions when given Variables: a double backprop).
    """

    _differentiable_backward = True

    def __init__(self, axis=None, keepdims=False):
        self.axis = normalize_axes(axis)
        self.keepdims = bool(keepdims)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() >= 1, in_types.size() <= 2)
        type_check.expect(in_types[0].dtype.kind == 'f')
        check_axes(self.axis, in_types[0].ndim)
        if type_check.eval(in_types.size()) == 2:
            x_type, w_type = in_types
            type_check.expect(w_type.dtype == x_type.dtype)
            if self.axis is None:
                type_check.expect(w_type.shape == x_type.shape)
            else:
                ndim = type_check.eval(x_type.ndim)
                type_check.expect(
                    type_check.make_variable(len(self.axis), 'len(axis)') == 1,
                    w_type.ndim == 1,
                    w_type.shape[0] == x_type.shape[self.axis[0] % ndim])

    def _weights_like_x(self, x, w):
        if w.ndim == x.ndim:
            return w
        axis = self.axis[0] % x.ndim
        return w.reshape((1,) * axis + w.shape + (1,) * (x.ndim - axis - 1))

    def forward(self, inputs):
        x = inputs[0]
        if len(inputs) == 1:
            return utils.force_array(x.mean(axis=self.axis, keepdims=self.keepdims)),
        w = self._weights_like_x(x, inputs[1])
        self._w_sum = w.sum(axis=self.axis, keepdims=True)
        self._y = (x * w).sum(axis=self.axis, keepdims=True) / self._w_sum
        y = self._y if self.keepdims else \
            self._y.squeeze(axis=reduced_axes(x.ndim, self.axis))
        return utils.force_array(y),

    def backward(self, inputs, grad_outputs):
        x = inputs[0]
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return self._variable_backward(inputs, grad_outputs[0])
        xp = cuda.get_array_module(x)
        gy = expand_to_input(xp, grad_outputs[0], x.shape, self.axis)
        if len(inputs) == 1:
            n = 1
            for a in reduced_axes(x.ndim, self.axis):
                n *= x.shape[a]
            return utils.force_array(gy / x.dtype.type(n)),
        w = self._weights_like_x(x, inputs[1])
        gx = gy * w / self._w_sum
        gw = gy * (x - self._y) / self._w_sum
        if inputs[1].ndim != x.ndim:  # sum the 1-d weights' gradient over other axes
            axis = self.axis[0] % x.ndim
            gw = gw.sum(axis=tuple(i for i in range(x.ndim) if i != axis))
        return utils.force_array(gx), utils.force_array(gw.reshape(inputs[1].shape))

    def _variable_backward(self, inputs, gy):
        from chainer.functions.math.sum import sum as _sum
        x = inputs[0]
        gy = _nodes.reshape(gy, kept_shape(x.shape, self.axis))  # broadcasts below
        if len(inputs) == 1:
            n = 1
            for a in reduced_axes(x.ndim, self.axis):
                n *= x.shape[a]
            gy = broadcast.BroadcastTo(x.shape).apply((gy,))[0]
            return gy * x.dtype.type(1.0 / n),
        w = inputs[1]
        w_b = _nodes.reshape(w, self._weights_like_x(x.data, w.data).shape)
        w_sum = _sum(w_b, axis=self.axis, keepdims=True)
        y = _sum(x * w_b, axis=self.axis, keepdims=True) / w_sum
        gx = gy * w_b / w_sum
        gw = gy * (x - y) / w_sum
        if w.ndim != x.ndim:
            axis = self.axis[0] % x.ndim
            gw = _sum(gw, axis=tuple(i for i in range(x.ndim) if i != axis))
        return gx, _nodes.reshape(gw, w.shape)


class Mean(Average):
    """The unweighted mean of ``x`` over axes: :class:`Average` with one input, under
    the class name it has in Chainer v2-v7 (what :func:`average` without weights and
    :func:`~chainer.functions.mean` apply; graph exporters find it by that name).

    Args:
        axis (None, int or tuple of ints): the averaged axes (kept as None or a tuple
            of ints in ``axis``); None averages all the elements.
        keepdims (bool): keep the reduced axes, with length one.
    """

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        super(Mean, self).check_type_forward(in_types)


def average(x, axis=None, weights=None, keepdims=False):
    """Calculates the (weighted) average of array elements over given axes.

    .. math:: y = \\frac{\\sum_i w_i x_i}{\\sum_i w_i},

    with all weights one when ``weights`` is None (the plain mean).

    Args:
        x (~chainer.Variable): elements to average.
        axis (None, int or tuple of int): axes over which the average is taken;
            None averages over all elements.
        weights (~chainer.Variable or None): weights, of the shape of ``x`` when
            ``axis`` is None, or 1-d of length ``x.shape[axis]`` when ``axis`` is an
            int. They are differentiable.
        keepdims (bool): keep the reduced axes, with length one.

    Returns:
        ~chainer.Variable: output variable.
    """
    func = Average(axis, keepdims) if weights is not None else Mean(axis, keepdims)
    reject_repeated_axes(func.axis, x.ndim)
    if weights is None:
        return func(x)
    if func.axis is not None and len(func.axis) != 1:
        # a ValueError (v7) that is also the InvalidType of the type check
        raise RepeatedAxisError('len(axis) == 1 with weights',
                                'axis == {}'.format(axis))
    return func(x, weights)
