"""Triplet loss."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions import _type_checks
from chainer.functions.loss import _reduce


class Triplet(function.Function):
    """Hinge on squared distances of (anchor, positive, negative) triplets: their mean,
    or each triplet's with ``reduce='no'``."""

    def __init__(self, margin=0.2, reduce='mean'):
        if not margin > 0:
            raise ValueError('margin must be positive, got {!r}'.format(margin))
        self.margin = margin
        self.reduce = _reduce.check_reduce(reduce, ('mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        _type_checks.expect_same_float_arrays(in_types, ndim=2)

    def forward(self, inputs):
        a, p, n = inputs
        xp = cuda.get_array_module(a)
        dtype = a.dtype.type
        d_ap = ((a - p) ** 2).sum(axis=1)
        d_an = ((a - n) ** 2).sum(axis=1)
        hinge = xp.maximum(d_ap - d_an + dtype(self.margin), dtype(0))
        self.active = (hinge > 0).astype(a.dtype)
        return force_array(_reduce.mean_unless_no(hinge, self.reduce), a.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        a, p, n = inputs
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            from chainer import functions as F
            g = _double.mean_grad(grad_outputs[0], self.reduce, len(a))
            w = F.expand_dims(g * _double.constant(self.active * 2), 1)
            w = F.broadcast_to(w, a.shape)
            return w * (n - p), w * (p - a), w * (a - n)
        g = _reduce.mean_grad(grad_outputs[0], self.reduce, len(a))
        w = (self.active * (g * a.dtype.type(2)))[:, None]
        # d/da (|a-p|^2 - |a-n|^2) = 2 (n - p); d/dp = -2 (a - p); d/dn = 2 (a - n)
        return w * (n - p), w * (p - a), w * (a - n)


def triplet(anchor, positive, negative, margin=0.2, reduce='mean'):
    """Computes triplet loss.

    .. math::
        L = \\frac{1}{N} \\sum_{i=1}^N \\max\\{d(a_i, p_i) - d(a_i, n_i) + m, 0\\},
        \\qquad d(x, y) = \\|x - y\\|_2^2

    Args:
        anchor (~chainer.Variable): float array of shape (N, K).
        positive (~chainer.Variable): same shape and dtype as ``anchor``.
        negative (~chainer.Variable): same shape and dtype as ``anchor``.
        margin (float): the positive margin :math:`m`.
        reduce (str): ``'mean'`` (the loss above) or ``'no'``: the loss of every
            triplet, shape (N,) (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar, or the (N,) losses with ``reduce='no'``.
    """
    return Triplet(margin, reduce)(anchor, positive, negative)
