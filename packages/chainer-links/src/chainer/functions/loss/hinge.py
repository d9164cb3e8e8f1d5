"""Hinge loss for one-of-many classification."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions._errors import UnsupportedOptionError
from chainer.functions.loss import _labels
from chainer.functions.loss import _reduce

_NORMS = ('L1', 'L2')


class Hinge(function.Function):
    """One-vs-rest hinge loss with an L1 or L2 norm, averaged over the batch (or per
    element with ``reduce='no'``)."""

    def __init__(self, norm='L1', reduce='mean'):
        if norm not in _NORMS:
            raise UnsupportedOptionError("norm must be 'L1' or 'L2', got {!r}".format(norm))
        self.norm = norm
        self.reduce = _reduce.check_reduce(reduce, ('mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, t_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            x_type.ndim == 2,
            t_type.ndim == 1,
            x_type.shape[0] == t_type.shape[0],
        )

    def forward(self, inputs):
        x, t = inputs
        xp = cuda.get_array_module(x)
        n, k = x.shape
        if _labels.lenient_labels(t, k, 'hinge: t', _labels.WRAP, low=-k, high=k):
            t = _labels.wrap_negative(t, k)
        # sign = +1 at the true class, -1 elsewhere: margin = max(0, 1 - sign * x)
        self.sign = xp.where(xp.arange(k)[None, :] == t[:, None],
                             x.dtype.type(1), x.dtype.type(-1))
        self.margin = xp.maximum(x.dtype.type(0), x.dtype.type(1) - self.sign * x)
        per = self.margin if self.norm == 'L1' else self.margin ** 2
        if self.reduce == 'no':
            return per,
        return force_array(per.sum() / x.dtype.type(max(n, 1)), x.dtype),

    _differentiable_backward = True

    def _variable_grads(self, x, gy):
        # L1: -sign [margin > 0] (second derivative 0 a.e.); L2: -2 sign margin, with
        # margin = relu(1 - sign x) (second derivative 2 [margin > 0]).
        from chainer import functions as F
        from chainer.functions.loss import _double
        sign = _double.constant(self.sign)
        if self.reduce == 'mean':
            gy = F.broadcast_to(F.reshape(gy * (1.0 / max(x.shape[0], 1)), (1, 1)),
                                x.shape)
        if self.norm == 'L1':
            slope = _double.constant((-self.sign * (self.margin > 0)).astype(x.dtype))
        else:
            slope = sign * F.relu(1.0 - sign * x) * -2.0
        return slope * gy, None

    def backward(self, inputs, grad_outputs):
        x, t = inputs
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            return self._variable_grads(x, grad_outputs[0])
        coeff = grad_outputs[0]
        if self.reduce == 'mean':
            coeff = coeff / x.dtype.type(max(x.shape[0], 1))
        if self.norm == 'L1':
            gx = -self.sign * (self.margin > 0)
        else:
            gx = x.dtype.type(-2) * self.sign * self.margin
        return (gx * coeff).astype(x.dtype, copy=False), None


def hinge(x, t, norm='L1', reduce='mean'):
    """Computes the hinge loss for a one-of-many classification task.

    .. math::
        L = \\frac{1}{N} \\sum_{n=1}^N \\sum_{k=1}^K
            [\\max(0, 1 - \\delta\\{l_n = k\\} x_{nk})]^p

    with :math:`\\delta = 1` at the true class and -1 elsewhere, and :math:`p = 1`
    for ``'L1'``, 2 for ``'L2'``.

    Args:
        x (~chainer.Variable): scores of shape (N, K).
        t (~chainer.Variable): int labels of shape (N,) in ``[0, K)`` (as in Chainer
            v1, labels in ``[-K, 0)`` are class ``K + t``, with a warning).
        norm (str): ``'L1'`` or ``'L2'``.
        reduce (str): ``'mean'`` (the loss above) or ``'no'``: the loss of every
            element, ``[max(0, 1 - delta x_nk)]^p`` of shape (N, K) (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar, or an (N, K) array with ``reduce='no'``.
    """
    return Hinge(norm, reduce)(x, t)
