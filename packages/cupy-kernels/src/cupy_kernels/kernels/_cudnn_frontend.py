"""The convolution and batch normalization kernels through nvidia-cudnn-frontend.

Each function takes the ``cupy`` module first and returns what the ``cudnn_*`` kernel of
the same name documents (:mod:`cupy_kernels.kernels.cudnn`). The graph runs through
:mod:`cupy_kernels.cudnn_runner`; where cuDNN has no plan for it (a dtype or geometry
its engines refuse), the same result is computed without cuDNN: the convolutions by the
library's ``im2col_nd``/``col2im_nd`` kernels and batched GEMMs, batch normalization by
CuPy reductions.
"""
import numpy

from cupy_kernels import cudnn_graphs as graphs
from cupy_kernels import cudnn_runner as runner


def _library(name):
    from chainer import cuda
    return cuda.kernel(name)


def _conv_key(op, *arrays_and_params):
    parts = []
    for item in arrays_and_params:
        if hasattr(item, 'shape') and hasattr(item, 'dtype'):
            parts.append((tuple(item.shape), numpy.dtype(item.dtype).str))
        else:
            parts.append(item)
    return (op,) + tuple(parts)


def _grouped_col(cupy, x, w_shape, stride, pad, dilate, groups):
    """im2col of x as (n, groups, c / groups * prod(k), prod(out)), and out."""
    col = _library('im2col_nd')(x, w_shape[2:], stride, pad, cover_all=False,
                                dilate=dilate)
    nd = x.ndim - 2
    out = col.shape[2 + nd:]
    return col.reshape(x.shape[0], groups, -1, int(numpy.prod(out))), out


def gemm_forward(cupy, x, W, stride, pad, dilate, groups=1):
    """``conv(x, W)`` (no bias) by im2col and a batched GEMM (cuDNN's fallback)."""
    col, out = _grouped_col(cupy, x, W.shape, stride, pad, dilate, groups)
    Wg = W.reshape(groups, W.shape[0] // groups, -1)
    y = cupy.matmul(Wg[None], col)  # (n, groups, out_channels / groups, prod(out))
    return y.reshape((x.shape[0], W.shape[0]) + tuple(out))


def gemm_backward(cupy, x, W, gy, stride, pad, dilate, groups=1):
    """``(gx, gW)`` of :func:`gemm_forward` by GEMMs and col2im."""
    col, out = _grouped_col(cupy, x, W.shape, stride, pad, dilate, groups)
    n, kg = x.shape[0], W.shape[0] // groups
    gy_g = gy.reshape(n, groups, kg, -1)
    gW = cupy.matmul(gy_g, col.transpose(0, 1, 3, 2)).sum(axis=0).reshape(W.shape)
    Wg = W.reshape(groups, kg, -1)
    gcol = cupy.matmul(Wg.transpose(0, 2, 1)[None], gy_g)
    gcol = gcol.reshape((n, x.shape[1]) + tuple(W.shape[2:]) + tuple(out))
    gx = _library('col2im_nd')(gcol, stride, pad, x.shape[2:], dilate=dilate)
    return gx.astype(x.dtype, copy=False), gW.astype(W.dtype, copy=False)


def _bias_view(b, ndim):
    return b.reshape((1, -1) + (1,) * (ndim - 2))


def conv_forward(cupy, x, W, b, stride, pad, dilate, groups=1):
    """``y`` of the convolution by a cuDNN graph (fallback: :func:`gemm_forward`)."""
    x, W = cupy.ascontiguousarray(x), cupy.ascontiguousarray(W)
    y = cupy.empty(graphs.conv_output_shape(x.shape, W.shape, stride, pad, dilate),
                   dtype=x.dtype)
    try:
        runner.run(cupy, _conv_key('conv_fwd', x, W, stride, pad, dilate),
                   lambda cudnn: graphs.conv_forward(
                       cudnn, graphs.describe(x), graphs.describe(W), stride, pad, dilate),
                   {'x': x, 'w': W, 'y': y})
    except runner.Unsupported:
        y = gemm_forward(cupy, x, W, stride, pad, dilate, groups)
    if b is not None:
        y += _bias_view(b, y.ndim)
    return y


def conv_backward(cupy, x, W, gy, stride, pad, dilate, groups=1):
    """``(gx, gW, gb)`` of :func:`conv_forward` by two cuDNN graphs (data and filter
    gradients; fallback: :func:`gemm_backward`)."""
    x, W, gy = (cupy.ascontiguousarray(a) for a in (x, W, gy))
    gx, gW = cupy.empty_like(x), cupy.empty_like(W)
    try:
        runner.run(cupy, _conv_key('conv_dgrad', gy, W, x.shape, stride, pad, dilate),
                   lambda cudnn: graphs.conv_backward_data(
                       cudnn, graphs.describe(gy), graphs.describe(W), x.shape, stride,
                       pad, dilate),
                   {'gy': gy, 'w': W, 'gx': gx})
        runner.run(cupy, _conv_key('conv_wgrad', x, gy, W.shape, stride, pad, dilate),
                   lambda cudnn: graphs.conv_backward_filter(
                       cudnn, graphs.describe(x), graphs.describe(gy), W.shape, stride,
                       pad, dilate),
                   {'x': x, 'gy': gy, 'gw': gW})
    except runner.Unsupported:
        gx, gW = gemm_backward(cupy, x, W, gy, stride, pad, dilate, groups)
    gb = gy.sum(axis=tuple(a for a in range(gy.ndim) if a != 1))
    return gx, gW, gb


# ---- batch normalization -------------------------------------------------------------

def _bn_axes(ndim):
    return (0,) + tuple(range(2, ndim))


def _param(cupy, a, pshape, pdtype):
    return cupy.ascontiguousarray(a.astype(pdtype, copy=False).reshape(pshape))


def bn_forward_training(cupy, x, gamma, beta, running_mean, running_var, eps, decay):
    """``(y, mean, inv_std)`` of training-mode batch normalization; updates the running
    statistics in place (``decay`` weighs the old value, the unbiased batch variance
    enters the running variance)."""
    x = cupy.ascontiguousarray(x)
    shape = graphs.bn_shape(x.shape)
    pdtype = graphs.param_dtype(x.dtype)
    pshape = (1, x.shape[1]) + (1,) * (len(shape) - 2)
    stats = {r: cupy.empty(pshape, dtype=pdtype)
             for r in ('mean', 'inv_std', 'next_mean', 'next_var')}
    xs = x.reshape(shape)
    y = cupy.empty_like(xs)
    bindings = dict(stats, x=xs, y=y, gamma=_param(cupy, gamma, pshape, pdtype),
                    beta=_param(cupy, beta, pshape, pdtype),
                    running_mean=_param(cupy, running_mean, pshape, pdtype),
                    running_var=_param(cupy, running_var, pshape, pdtype),
                    eps=numpy.full((1, 1, 1, 1), eps, numpy.float32),
                    momentum=numpy.full((1, 1, 1, 1), 1 - decay, numpy.float32))
    try:
        runner.run(cupy, ('bn_train', shape, x.dtype.str),
                   lambda cudnn: graphs.bn_training(cudnn, graphs.describe(xs)), bindings)
    except runner.Unsupported:
        return _bn_training_by_reductions(cupy, x, gamma, beta, running_mean, running_var,
                                          eps, decay)
    running_mean[...] = stats['next_mean'].reshape(running_mean.shape)
    running_var[...] = stats['next_var'].reshape(running_var.shape)
    return (y.reshape(x.shape), stats['mean'].reshape(-1), stats['inv_std'].reshape(-1))


def _bn_training_by_reductions(cupy, x, gamma, beta, running_mean, running_var, eps,
                               decay):
    pdtype = graphs.param_dtype(x.dtype)
    axes = _bn_axes(x.ndim)
    view = (1, -1) + (1,) * (x.ndim - 2)
    xf = x.astype(pdtype, copy=False)
    mean, var = xf.mean(axis=axes), xf.var(axis=axes)
    inv_std = 1 / cupy.sqrt(var + pdtype.type(eps))
    y = (gamma.astype(pdtype).reshape(view) * (xf - mean.reshape(view)) *
         inv_std.reshape(view) + beta.astype(pdtype).reshape(view))
    m = x.size // x.shape[1]
    running_mean *= decay
    running_mean += ((1 - decay) * mean).astype(running_mean.dtype)
    running_var *= decay
    running_var += ((1 - decay) * var * (m / max(m - 1, 1))).astype(running_var.dtype)
    return y.astype(x.dtype), mean, inv_std


def bn_backward(cupy, x, gamma, gy, mean, inv_std, eps):
    """``(gx, ggamma, gbeta)`` of :func:`bn_forward_training` from its saved ``mean``
    and ``inv_std``; ``ggamma``/``gbeta`` in ``gamma``'s dtype."""
    x, gy = cupy.ascontiguousarray(x), cupy.ascontiguousarray(gy)
    shape = graphs.bn_shape(x.shape)
    pdtype = graphs.param_dtype(x.dtype)
    pshape = (1, x.shape[1]) + (1,) * (len(shape) - 2)
    gx = cupy.empty(shape, dtype=x.dtype)
    ggamma, gbeta = cupy.empty(pshape, pdtype), cupy.empty(pshape, pdtype)
    xs = x.reshape(shape)
    try:
        runner.run(cupy, ('bn_bwd', shape, x.dtype.str),
                   lambda cudnn: graphs.bn_backward(cudnn, graphs.describe(xs)),
                   {'gy': gy.reshape(shape), 'x': xs,
                    'gamma': _param(cupy, gamma, pshape, pdtype),
                    'mean': _param(cupy, mean, pshape, pdtype),
                    'inv_std': _param(cupy, inv_std, pshape, pdtype),
                    'gx': gx, 'ggamma': ggamma, 'gbeta': gbeta})
    except runner.Unsupported:
        return _bn_backward_by_reductions(cupy, x, gamma, gy, mean, inv_std)
    return (gx.reshape(x.shape), ggamma.reshape(-1).astype(gamma.dtype),
            gbeta.reshape(-1).astype(gamma.dtype))


def _bn_backward_by_reductions(cupy, x, gamma, gy, mean, inv_std):
    pdtype = graphs.param_dtype(x.dtype)
    axes = _bn_axes(x.ndim)
    view = (1, -1) + (1,) * (x.ndim - 2)
    inv = inv_std.astype(pdtype).reshape(view)
    x_hat = (x.astype(pdtype) - mean.astype(pdtype).reshape(view)) * inv
    gyf = gy.astype(pdtype, copy=False)
    gbeta, ggamma = gyf.sum(axis=axes), (gyf * x_hat).sum(axis=axes)
    m = x.size // x.shape[1]
    gx = gamma.astype(pdtype).reshape(view) * inv * (
        gyf - (x_hat * ggamma.reshape(view) + gbeta.reshape(view)) / m)
    return gx.astype(x.dtype), ggamma.astype(gamma.dtype), gbeta.astype(gamma.dtype)


def bn_forward_inference(cupy, x, gamma, beta, mean, var, eps):
    """``y`` of batch normalization with fixed statistics (``mean``, ``var``)."""
    x = cupy.ascontiguousarray(x)
    shape = graphs.bn_shape(x.shape)
    pdtype = graphs.param_dtype(x.dtype)
    pshape = (1, x.shape[1]) + (1,) * (len(shape) - 2)
    inv_std = 1 / cupy.sqrt(var.astype(pdtype) + pdtype.type(eps))
    xs = x.reshape(shape)
    y = cupy.empty_like(xs)
    bindings = {'x': xs, 'y': y, 'mean': _param(cupy, mean, pshape, pdtype),
                'inv_std': _param(cupy, inv_std, pshape, pdtype),
                'gamma': _param(cupy, gamma, pshape, pdtype),
                'beta': _param(cupy, beta, pshape, pdtype)}
    try:
        runner.run(cupy, ('bn_infer', shape, x.dtype.str),
                   lambda cudnn: graphs.bn_inference(cudnn, graphs.describe(xs)), bindings)
    except runner.Unsupported:
        view = (1, -1) + (1,) * (x.ndim - 2)
        y = (bindings['gamma'].reshape(view) * (x.astype(pdtype) - bindings['mean'].reshape(
            view)) * bindings['inv_std'].reshape(view) + bindings['beta'].reshape(view))
        return y.astype(x.dtype)
    return y.reshape(x.shape)
