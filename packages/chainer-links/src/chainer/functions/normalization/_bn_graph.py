"""The gradients of the batch normalizations as graphs of differentiable nodes, for a
double backprop (the array backward of each function stays its fast path)."""
from chainer.core_functions import broadcast
from chainer.functions import _grad_nodes
from chainer.functions.normalization import _channel_params


def sum_keep(x, kshape):
    """``x`` summed over the aggregated axes, keeping them as size-1 axes."""
    if x.shape == kshape:
        return x
    return broadcast.SumTo(kshape).apply((x,))[0]


def _param_grad(g_keep, param):
    return _grad_nodes.cast(_grad_nodes.reshape(g_keep, param.shape), param.dtype)


def batch_stat_grads(x, gamma, gy, axes, eps):
    """``(gx, ggamma, gbeta)`` of batch normalization with batch statistics, as
    Variables differentiable again (the statistics are functions of ``x``)."""
    x, gamma, gy = [_grad_nodes.as_variable(a) for a in (x, gamma, gy)]
    kshape = _channel_params.keep_shape(x.shape, axes)
    inv_m = 1.0 / (x.size // gamma.size)
    g = _grad_nodes.reshape(_grad_nodes.cast(gamma, x.dtype), kshape)
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
    x, gamma, gy = [_grad_nodes.as_variable(a) for a in (x, gamma, gy)]
    mean, var = _grad_nodes.as_variable(mean), _grad_nodes.as_variable(var)
    kshape = _channel_params.keep_shape(x.shape, axes)
    g = _grad_nodes.reshape(_grad_nodes.cast(gamma, x.dtype), kshape)
    mu = _grad_nodes.reshape(_grad_nodes.cast(mean, x.dtype), kshape)
    inv_std = (_grad_nodes.reshape(_grad_nodes.cast(var, x.dtype), kshape) + eps) ** -0.5
    x_hat = (x - mu) * inv_std
    gbeta = sum_keep(gy, kshape)
    ggamma = sum_keep(gy * x_hat, kshape)
    scale = g * inv_std
    gx = gy * scale
    gmean = -scale * gbeta
    gvar = ggamma * scale * inv_std * -0.5
    return (gx, _param_grad(ggamma, gamma), _param_grad(gbeta, gamma),
            _param_grad(gmean, mean), _param_grad(gvar, var))
