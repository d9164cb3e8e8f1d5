"""BlackOut loss."""
import numpy

from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _labels
from chainer.functions.loss import _reduce
from chainer.functions import _type_checks
from chainer.functions import _log_space
from chainer.functions.loss import _sampled_scores


def _log_one_minus_p(scores, log_p):
    """``log(1 - p)`` of the softmax ``p`` of ``scores`` (B, S) without cancellation.

    ``log(-expm1(log p))`` is exact for ``p <= 1/2``. Only the largest entry of a row
    can exceed 1/2; for it ``log(1 - p_m) = logsumexp_{j != m} f_j - logZ``, which
    stays finite even when ``p_m`` rounds to one.
    """
    xp = cuda.get_array_module(scores)
    rows = xp.arange(scores.shape[0])
    top = scores.argmax(axis=1)
    others = scores.copy()
    others[rows, top] = -numpy.inf
    log_z = scores[rows, top] - log_p[rows, top]
    with numpy.errstate(divide='ignore'):
        out = xp.log(-xp.expm1(log_p))
    out[rows, top] = _log_space.logsumexp(others, axis=1) - log_z
    return out


class BlackOut(function.Function):
    """BlackOut loss of ``(x, t, W, samples)``: softmax over the target and samples; the
    mean over the batch, or each sample's with ``reduce='no'``."""

    def __init__(self, reduce='mean'):
        self.reduce = _reduce.check_reduce(reduce, ('mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 4)
        x_type, t_type, w_type, s_type = in_types
        _type_checks.expect_embedding_output_inputs(x_type, t_type, w_type)
        type_check.expect(
            s_type.dtype.kind == 'i',
            s_type.ndim == 2,
            s_type.shape[0] == x_type.shape[0],
        )

    def forward(self, inputs):
        x, t, W, samples = inputs
        xp = cuda.get_array_module(x)
        # Chainer v1 embedded t and samples with embed_id (W.take): labels in [-V, 0)
        # wrap around, as numpy indexes.
        v = W.shape[0]
        if _labels.lenient_labels(t, v, 'black_out: t', _labels.WRAP, low=-v, high=v):
            t = _labels.wrap_negative(t, v)
        if _labels.lenient_labels(samples, v, 'black_out: samples', _labels.WRAP,
                                  low=-v, high=v):
            samples = _labels.wrap_negative(samples, v)
        self.idx = xp.concatenate([t[:, None], samples], axis=1)
        scores, self.rows = _sampled_scores.gather_scores(x, W, self.idx)
        # p_j = exp(f_j - logZ) over {t} + samples
        log_p = _log_space.log_softmax(scores, axis=1)
        self.log_p = log_p
        self.log_not_p = _log_one_minus_p(scores, log_p)[:, 1:]
        per_sample = log_p[:, 0] + self.log_not_p.sum(axis=1)
        return force_array(_reduce.mean_unless_no(-per_sample, self.reduce), x.dtype),

    _differentiable_backward = True

    def _variable_grads(self, x, W, gy):
        """The gradients as Variables of differentiable functions (double backprop)."""
        from chainer import functions as F
        from chainer.functions.loss import _double
        scores, rows, getter = _sampled_scores.variable_scores(x, W, self.idx)
        p = F.softmax(scores)
        p_s = p[:, 1:]
        odds = p_s / (1.0 - p_s)
        r = F.broadcast_to(F.sum(odds, axis=1, keepdims=True), scores.shape)
        xp = cuda.get_array_module(self.idx)
        first = xp.zeros(scores.shape, x.dtype)
        first[:, 0] = 1
        odds_full = F.concat(
            [_double.constant(xp.zeros((len(first), 1), x.dtype)), odds], axis=1)
        d = _double.constant(first) - p * (1.0 - r) - odds_full
        g = _double.mean_grad(gy, self.reduce, len(first))
        g_scores = -d * F.broadcast_to(F.expand_dims(g, 1), scores.shape)
        gx, gW = _sampled_scores.variable_scores_backward(x, W, getter, rows, g_scores)
        return gx, None, gW, None

    def backward(self, inputs, grad_outputs):
        x, _, W, _ = inputs
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            return self._variable_grads(x, W, grad_outputs[0])
        xp = cuda.get_array_module(x)
        p = xp.exp(self.log_p)
        one = x.dtype.type(1)
        # derivative of log p_t + sum_s log(1 - p_s) by f_j:
        #   [j = t] - p_j (1 - r) - [j is a sample] p_j / (1 - p_j),
        # with r = sum_s p_s / (1 - p_s)
        odds = xp.exp(self.log_p[:, 1:] - self.log_not_p)
        r = odds.sum(axis=1, keepdims=True)
        d = -p * (one - r)
        d[:, 0] += one
        d[:, 1:] -= odds
        g_scores = -d * _reduce.mean_grad(grad_outputs[0], self.reduce, len(x))[:, None]
        gx, gW = _sampled_scores.scores_backward(x, W, self.idx, self.rows, g_scores)
        return gx, None, gW, None


def black_out(x, t, W, samples, reduce='mean'):
    """BlackOut loss function.

    .. math::
        L = -\\frac1B \\sum_b \\left( \\log p(t_b)
            + \\sum_{s \\in S_b} \\log (1 - p(s)) \\right), \\qquad
        p(y) = \\frac{\\exp(W_y^\\top x_b)}{\\sum_{s \\in \\{t_b\\} \\cup S_b}
            \\exp(W_s^\\top x_b)}

    Args:
        x (~chainer.Variable): (B, D) input vectors.
        t (~chainer.Variable): (B,) int correct labels in ``[0, V)`` (as in Chainer
            v1, labels and samples in ``[-V, 0)`` read row ``V + t``, with a
            warning).
        W (~chainer.Variable): (V, D) output weight matrix.
        samples (~chainer.Variable): (B, S) int negative samples in ``[0, V)``.
        reduce (str): ``'mean'`` or ``'no'``: the (B,) loss of every sample (Chainer
            v1.24).

    Returns:
        ~chainer.Variable: a scalar loss (shape (B,) with ``reduce='no'``),
        differentiable by ``x`` and ``W``.
    """
    return BlackOut(reduce)(x, t, W, samples)
