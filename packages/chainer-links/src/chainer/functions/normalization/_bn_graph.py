"""The gradients of the batch normalizations as graphs of differentiable nodes, for a
double backprop (the array backward of each function stays its fast path)."""
import numpy

from chainer import function_node
from chainer import variable
from chainer.core_functions import broadcast
from chainer.functions.normalization import _channel_params


class _Reshape(function_node.FunctionNode):
    """``y = x.reshape(shape)``; its gradient reshapes back."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def forward(self, inputs):
        self._in_shape = inputs[0].shape
        return inputs[0].reshape(self._shape),

    def backward(self, indexes, grad_outputs):
        return _Reshape(self._in_shape).apply(grad_outputs)


class _Cast(function_node.FunctionNode):
    """``y = x.astype(dtype)``; its gradient is cast back."""

    def __init__(self, dtype):
        self._dtype = numpy.dtype(dtype)

    def forward(self, inputs):
        self._in_dtype = inputs[0].dtype
        return inputs[0].astype(self._dtype),

    def backward(self, indexes, grad_outputs):
        return _Cast(self._in_dtype).apply(grad_outputs)


def as_variable(x):
    """``x`` as a Variable (an array becomes a constant one)."""
    if isinstance(x, variable.Variable):
        return x
    return variable.Variable(x, requires_grad=False)


def cast(x, dtype):
    """``x`` cast to ``dtype`` as a differentiable node (itself when it has it)."""
    if x.dtype == dtype:
        return x
    return _Cast(dtype).apply((x,))[0]


def reshape(x, shape):
    """``x`` reshaped as a differentiable node (itself when it has the shape)."""
    if x.shape == tuple(shape):
        return x
    return _Reshape(shape).apply((x,))[0]


def sum_keep(x, kshape):
    """``x`` summed over the aggregated axes, keeping them as size-1 axes."""
    if x.shape == kshape:
        return x
    return broadcast.SumTo(kshape).apply((x,))[0]


def _param_grad(g_keep, param):
    return cast(reshape(g_keep, param.shape), param.dtype)


def batch_stat_grads(x, gamma, gy, axes, eps):
    """``(gx, ggamma, gbeta)`` of batch normalization with batch statistics, as
    Variables differentiable again (the statistics are functions of ``x``)."""
    x, gamma, gy = as_variable(x), as_variable(gamma), as_variable(gy)
    kshape = _channel_params.keep_shape(x.shape, axes)
    inv_m = 1.0 / (x.size // gamma.size)
    g = reshape(cast(gamma, x.dtype), kshape)
    xc = x - sum_keep(x, kshape) * inv_m
    inv_std = (sum_keep(xc * xc, kshape) * inv_m + eps) ** -0.5
    x_hat = xc * inv_std
    gbeta = sum_keep(gy, kshape)
    ggamma = sum_keep(gy * x_hat, kshape)
    gx = (g * inv_std) * (gy - (x_hat * ggamma + gbeta) * inv_m)
    return gx, _param_grad(ggamma, gamma), _param_grad(gbeta, gamma)


def fixed_stat_grads(x, gamma, mean, var, gy, axes, eps):
    """``(gx, ggamma, gbeta, gmean, gvar)`` of batch normalization with given
    statistics, as Variables differentiable again."""
    x, gamma, gy = as_variable(x), as_variable(gamma), as_variable(gy)
    mean, var = as_variable(mean), as_variable(var)
    kshape = _channel_params.keep_shape(x.shape, axes)
    g = reshape(cast(gamma, x.dtype), kshape)
    mu = reshape(cast(mean, x.dtype), kshape)
    inv_std = (reshape(cast(var, x.dtype), kshape) + eps) ** -0.5
    x_hat = (x - mu) * inv_std
    gbeta = sum_keep(gy, kshape)
    ggamma = sum_keep(gy * x_hat, kshape)
    scale = g * inv_std
    gx = gy * scale
    gmean = -scale * gbeta
    gvar = ggamma * scale * inv_std * -0.5
    return (gx, _param_grad(ggamma, gamma), _param_grad(gbeta, gamma),
            _param_grad(gmean, mean), _param_grad(gvar, var))
