"""Helpers shared by the distributions of :mod:`chainer.distributions`."""
import warnings

import numpy

import chainer
from chainer import backend
from chainer import function_node
import chainer.functions as F
from chainer import utils


def _as_variable(x, like=None):
    """``x`` as a Variable. With ``like`` (a parameter Variable), a value that is not a
    Variable (a Python number, a list, an array of another dtype) becomes an array of
    the dtype and on the device of ``like``, and a Variable of integers (class
    values) gets its dtype."""
    if like is not None and not isinstance(x, chainer.Variable):
        dtype = getattr(x, 'dtype', None)  # (numpy reads a dtype None as float64)
        if dtype is None or dtype != like.dtype:
            xp = backend.get_array_module(like.array)
            return chainer.Variable(xp.asarray(x).astype(like.dtype))
    elif like is not None and x.dtype.kind != 'f':
        return chainer.Variable(x.array.astype(like.dtype))
    return chainer.as_variable(x)


def _array(x):
    return x.array if isinstance(x, chainer.Variable) else x


class ModifiedXLogX(function_node.FunctionNode):
    """``x log x``, extended by continuity to 0 at ``x == 0``.

    The derivative ``1 + log x`` is unbounded at 0: there the gradient is 0 and
    backward warns (RuntimeWarning). Differentiable twice elsewhere.
    """

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        positive = x > 0
        y = x * xp.log(xp.where(positive, x, xp.ones_like(x)))
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        x, = self.get_retained_inputs()
        xp = backend.get_array_module(x.array)
        positive = xp.asarray(x.array > 0)
        if not positive.all():
            warnings.warn('the gradient of x log x is not computed for x == 0 '
                          '(0 is used)', RuntimeWarning, stacklevel=2)
        safe = F.where(positive, x, xp.ones_like(x.array))
        slope = F.where(positive, 1 + F.log(safe), xp.zeros_like(x.array))
        return gy * slope,


def _modified_xlogx(x):
    """``x * log(x)`` extended by continuity to 0 at ``x == 0``, differentiable.

    Args:
        x (~chainer.Variable or ndarray): non-negative values.

    Returns:
        ~chainer.Variable: ``x log x``, 0 where ``x`` is 0.
    """
    y, = ModifiedXLogX().apply((x,))
    return y


def _fill(condition, x, value):
    """``x`` where ``condition`` (broadcast to the shape of ``x``) holds, else the
    constant ``value``; differentiable in ``x``."""
    xp = backend.get_array_module(x.array)
    condition = xp.broadcast_to(xp.asarray(condition), x.shape)
    return F.where(condition, x, xp.asarray(value, dtype=x.dtype))


def _sum_to(x, shape):
    """Sums the broadcast axes of ``x`` away so that it has ``shape``."""
    shape = tuple(shape)
    if x.shape == shape:
        return x
    lead = x.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        lead + i for i, size in enumerate(shape) if size == 1 and x.shape[lead + i] != 1)
    y = F.sum(x, axis=axes, keepdims=True) if axes else x
    return F.reshape(y, shape)


def _noise(xp, draw, size, dtype, **kwargs):
    """Draws ``xp.random.<draw>(size=size, **kwargs)`` cast to ``dtype``."""
    sample = getattr(xp.random, draw)(size=size, **kwargs)
    return xp.asarray(sample).astype(dtype, copy=False)


def _params_xp(*values):
    return backend.get_array_module(*[_array(v) for v in values])


def _float_dtype(x):
    dtype = numpy.dtype(x.dtype)
    return dtype if dtype.kind == 'f' else numpy.dtype(numpy.float32)
