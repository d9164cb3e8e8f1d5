"""Sigmoid cross entropy for pre-sigmoid scores."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _labels
from chainer.functions.loss import _reduce

_IGNORE = -1


class SigmoidCrossEntropy(function.Function):
    """Binary cross entropy of ``sigmoid(x)`` against 0/1 labels (-1: ignored), reduced
    to a scalar, or per element with ``reduce='no'``."""

    def __init__(self, use_cudnn=None, normalize=True, reduce='mean'):
        self.use_cudnn = use_cudnn
        self.normalize = normalize
        self.reduce = _reduce.check_reduce(reduce, ('mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, t_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            x_type.shape == t_type.shape,
        )

    def forward(self, inputs):
        x, t = inputs
        xp = cuda.get_array_module(x)
        # Chainer v1 put every label that is not -1 into the formula as it is.
        _labels.lenient_labels(t, 2, 'sigmoid_cross_entropy: t',
                               'enter the formula softplus(x) - t * x as they are',
                               _IGNORE)
        self.mask = t != _IGNORE
        # -[t log s(x) + (1-t) log(1-s(x))] = softplus(x) - t x, written so that no
        # exp overflows: softplus(x) = max(x, 0) + log1p(exp(-|x|)).
        loss = xp.maximum(x, 0) - x * t.astype(x.dtype) + xp.log1p(xp.exp(-abs(x)))
        loss *= self.mask
        if self.reduce == 'no':  # no normalization either (Chainer v1.24)
            self.coeff = x.dtype.type(1)
            return force_array(loss, x.dtype),
        count = int(self.mask.sum()) if self.normalize else (x.shape[0] if x.ndim else 1)
        self.coeff = x.dtype.type(1.0 / max(count, 1))
        return force_array(loss.sum() * self.coeff, x.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        x, t = inputs
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            from chainer import functions as F
            td, mask = t.data, self.mask.astype(x.dtype)
            g = grad_outputs[0] * float(self.coeff)
            if g.shape != x.shape:
                g = F.broadcast_to(F.reshape(g, (1,) * x.ndim), x.shape)
            gx = (F.sigmoid(x) - _double.constant(td.astype(x.dtype))) * \
                _double.constant(mask) * g
            return gx, None
        xp = cuda.get_array_module(x)
        sig = xp.tanh(x * x.dtype.type(0.5)) * x.dtype.type(0.5) + x.dtype.type(0.5)
        gx = (sig - t.astype(x.dtype)) * self.mask
        gx *= grad_outputs[0] * self.coeff
        return gx.astype(x.dtype, copy=False), None


def sigmoid_cross_entropy(x, t, use_cudnn=None, normalize=True, reduce='mean'):
    """Computes cross entropy loss for pre-sigmoid activations.

    .. math::
        L = -\\frac{1}{c} \\sum_{i: t_i \\ne -1} t_i \\log \\sigma(x_i)
            + (1 - t_i) \\log (1 - \\sigma(x_i))

    computed stably as ``softplus(x) - t x``; ``c`` is the number of non-ignored
    labels when ``normalize`` is True, else the batch size ``x.shape[0]`` (at least 1,
    so the loss is zero when every label is -1).

    Args:
        x (~chainer.Variable): float scores.
        t (~chainer.Variable): int labels of the shape of ``x`` with values 0, 1 or
            -1 (ignored); other values enter the formula as they are, with a
            warning (as in Chainer v1).
        use_cudnn (bool or None): accepted for compatibility (no effect).
        normalize (bool): the normalization constant described above.
        reduce (str): ``'mean'`` (the loss above) or ``'no'``: the loss of every
            element (0 where ignored), not normalized (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar loss (the shape of ``x`` with ``reduce='no'``),
        differentiable only by ``x``.
    """
    return SigmoidCrossEntropy(use_cudnn, normalize, reduce)(x, t)
