"""The gradient of softmax cross entropy built of differentiable functions (the
Variable branch of its backward, taken in a double backprop)."""
import numpy

from chainer import cuda
from chainer.functions.loss._double import constant


def broadcast_gloss(gloss, shape, reduce, coeff):
    """The loss gradient ``gloss`` (a scalar Variable for ``'mean'``, one entry per label
    or position for ``'no'``) times ``coeff`` (mean only), broadcast to ``shape`` (the
    scores' shape; the class axis is 1)."""
    from chainer import functions as F
    if reduce == 'mean':
        g = F.reshape(gloss * float(coeff), (1,) * len(shape))
    else:
        g = F.expand_dims(gloss, 1)
    return F.broadcast_to(g, shape)


def variable_grad(func, inputs, gloss):
    """``(gx, None)`` as Variables for ``SoftmaxCrossEntropy`` ``func``: with labels
    ``gx = (softmax(x) - onehot(t)) w_t [t != ignore] gloss coeff``; with soft targets
    ``gx = (softmax(x) sum_c t - t) gloss coeff``."""
    from chainer import functions as F
    x, t = inputs
    xd, td = x.data, t.data
    xp = cuda.get_array_module(xd)
    y = F.softmax(x)
    g = broadcast_gloss(gloss, xd.shape, func.reduce, getattr(func, 'coeff', 1.0))
    if td.dtype.kind == 'f':
        total = td.sum(axis=1, keepdims=True)
        return (y * constant(xp.broadcast_to(total, xd.shape).astype(xd.dtype)) -
                constant(td.astype(xd.dtype, copy=False))) * g, None
    n_class = xd.shape[1]
    valid = td != func.ignore_label
    safe_t = xp.where(valid & (td >= 0) & (td < n_class), td, 0)
    weight = valid.astype(xd.dtype)
    if func.class_weight is not None:
        weight = weight * xp.asarray(func.class_weight, dtype=xd.dtype)[safe_t]
    onehot = (xp.arange(n_class).reshape((1, n_class) + (1,) * (td.ndim - 1)) ==
              xp.expand_dims(safe_t, 1)).astype(xd.dtype)
    weight = xp.broadcast_to(xp.expand_dims(weight, 1), xd.shape)
    return (y - constant(onehot)) * constant(numpy.ascontiguousarray(weight)
                                             if xp is numpy else weight) * g, None
