"""Contrastive loss for siamese networks."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _labels
from chainer.functions.loss import _reduce
from chainer.functions import _type_checks


class Contrastive(function.Function):
    """Contrastive loss of pairs ``(x0[n], x1[n])`` with similarity labels ``y[n]``:
    their mean, or each pair's with ``reduce='no'``."""

    def __init__(self, margin=1, reduce='mean'):
        if not margin > 0:
            raise ValueError('margin must be positive, got {!r}'.format(margin))
        self.margin = margin
        self.reduce = _reduce.check_reduce(reduce, ('mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        _type_checks.expect_same_float_arrays(in_types[:2], ndim=2)
        y_type = in_types[2]
        type_check.expect(
            y_type.dtype.kind == 'i',
            y_type.ndim == 1,
            y_type.shape[0] == in_types[0].shape[0],
        )

    def forward(self, inputs):
        x0, x1, y = inputs
        xp = cuda.get_array_module(x0)
        # Chainer v1 put every label into the formula as it is.
        _labels.lenient_labels(y, 2, 'contrastive: y',
                               'enter the formula y d^2 + (1 - y) max(m - d, 0)^2 '
                               'as they are')
        dtype = x0.dtype.type
        self.diff = x0 - x1
        self.dist = xp.sqrt((self.diff ** 2).sum(axis=1))
        self.mdist = xp.maximum(dtype(self.margin) - self.dist, dtype(0))
        self.y = y.astype(x0.dtype)
        loss = (self.y * self.dist ** 2 + (1 - self.y) * self.mdist ** 2) * dtype(0.5)
        return force_array(_reduce.mean_unless_no(loss, self.reduce), x0.dtype),

    _differentiable_backward = True

    def _variable_grads(self, x0, x1, gloss):
        from chainer import functions as F
        from chainer.functions.loss import _double
        xp = cuda.get_array_module(self.diff)
        dtype = self.diff.dtype
        diff = x0 - x1
        dist = F.sqrt(F.sum(diff * diff, axis=1) +
                      _double.constant((self.dist == 0).astype(dtype)))
        margin = _double.constant(xp.full(self.dist.shape, self.margin, dtype))
        mdist = F.relu(margin - dist)
        y = _double.constant(self.y)
        nonzero = _double.constant((self.dist > 0).astype(dtype))
        w = (y - (1 - y) * mdist / dist * nonzero) * _double.mean_grad(
            gloss, self.reduce, len(self.diff))
        gx0 = F.broadcast_to(F.expand_dims(w, 1), diff.shape) * diff
        return gx0, -gx0, None

    def backward(self, inputs, grad_outputs):
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            return self._variable_grads(inputs[0], inputs[1], grad_outputs[0])
        xp = cuda.get_array_module(self.diff)
        dtype = self.diff.dtype.type
        # d/dx0 of max(m - d, 0)^2 / 2 is -max(m - d, 0) (x0 - x1) / d; at d = 0 the
        # direction is undefined and the subgradient 0 is used.
        safe = xp.where(self.dist > 0, self.dist, dtype(1))
        dissimilar = xp.where(self.dist > 0, self.mdist / safe, dtype(0))
        g = _reduce.mean_grad(grad_outputs[0], self.reduce, len(self.diff))
        w = (self.y - (1 - self.y) * dissimilar) * g
        gx0 = (w[:, None] * self.diff).astype(self.diff.dtype, copy=False)
        return gx0, -gx0, None


def contrastive(x0, x1, y, margin=1, reduce='mean'):
    """Computes contrastive loss.

    .. math::
        L = \\frac{1}{2N} \\sum_{n=1}^N y_n d_n^2 + (1 - y_n) \\max(m - d_n, 0)^2,
        \\qquad d_n = \\|x_{0,n} - x_{1,n}\\|_2

    Args:
        x0 (~chainer.Variable): float array of shape (N, K).
        x1 (~chainer.Variable): float array of the shape and dtype of ``x0``.
        y (~chainer.Variable): int labels of shape (N,): 1 (similar) or 0 (other
            values enter the formula as they are, with a warning, as in Chainer v1).
        margin (float): the positive margin :math:`m`.
        reduce (str): ``'mean'`` (the loss above) or ``'no'``: the loss of every pair,
            :math:`\\frac12 (y_n d_n^2 + (1 - y_n) \\max(m - d_n, 0)^2)` (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar (shape (N,) with ``reduce='no'``), differentiable
        by ``x0`` and ``x1``.
    """
    return Contrastive(margin, reduce)(x0, x1, y)
