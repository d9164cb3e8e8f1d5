"""Coefficient of determination R^2."""
import chainer
from chainer import cuda
from chainer import function
from chainer.utils import type_check

_MULTIOUTPUT = ('uniform_average', 'raw_values')


class R2_score(function.Function):
    r"""R^2 regression score per output (axis 0 is the sample axis).

    Differentiable twice by both inputs (Chainer v7 gave it no gradient): with
    :math:`r = \hat y - y`, :math:`c = y - \bar y`, :math:`R^2 = 1 - S_r / S_t`,
    the gradients are :math:`-2 r / S_t` by the prediction and
    :math:`2 r / S_t + 2 S_r c / S_t^2` by the target; zero for an output whose target
    is constant (:math:`S_t = 0`, where the score is piecewise constant).
    """

    _differentiable_backward = True

    def __init__(self, sample_weight=None, multioutput='uniform_average'):
        if sample_weight is not None:
            raise ValueError('sample_weight must be None (weights are not supported)')
        if multioutput not in _MULTIOUTPUT:
            raise ValueError("multioutput must be 'uniform_average' or 'raw_values', "
                             "got {!r}".format(multioutput))
        self.sample_weight = sample_weight
        self.multioutput = multioutput

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        pred_type, true_type = in_types
        type_check.expect(
            pred_type.dtype.kind == 'f',
            true_type.dtype == pred_type.dtype,
            pred_type.shape == true_type.shape,
            pred_type.ndim >= 1,
        )

    def forward(self, inputs):
        pred, true = inputs
        xp = cuda.get_array_module(pred)
        ss_res = ((pred - true) ** 2).sum(axis=0)
        ss_tot = ((true - true.mean(axis=0)) ** 2).sum(axis=0)
        # A constant target (ss_tot = 0) scores 1 when predicted exactly, else 0, as
        # in scikit-learn.
        safe = xp.where(ss_tot == 0, pred.dtype.type(1), ss_tot)
        r2 = xp.where(ss_tot == 0, (ss_res == 0).astype(pred.dtype), 1 - ss_res / safe)
        r2 = r2.astype(pred.dtype, copy=False)
        if self.multioutput == 'uniform_average':
            return xp.asarray(r2.mean(), dtype=pred.dtype),
        return r2,

    def _output_grad(self, gy, shape):
        """The gradient reaching each output's score, of shape ``shape[1:]``."""
        n_out = 1
        for d in shape[1:]:
            n_out *= d
        if self.multioutput == 'uniform_average':
            return gy / gy.dtype.type(max(n_out, 1))
        return gy

    def backward(self, inputs, grad_outputs):
        pred, true = inputs
        if isinstance(grad_outputs[0], chainer.Variable):  # differentiable twice
            return self._variable_grads(pred, true, grad_outputs[0])
        xp = cuda.get_array_module(pred)
        diff = pred - true
        centered = true - true.mean(axis=0)
        ss_res = (diff * diff).sum(axis=0)
        ss_tot = (centered * centered).sum(axis=0)
        live = ss_tot != 0
        safe = xp.where(live, ss_tot, pred.dtype.type(1))
        g = xp.broadcast_to(self._output_grad(grad_outputs[0], pred.shape),
                            ss_tot.shape) * live / safe
        g_pred = (-2 * diff * g).astype(pred.dtype, copy=False)
        g_true = (2 * diff * g + 2 * centered * (ss_res / safe * g)).astype(
            pred.dtype, copy=False)
        return g_pred, g_true

    def _variable_grads(self, pred, true, gy):
        from chainer import functions as F
        shape = pred.shape
        true_d = true.data
        centered_d = true_d - true_d.mean(axis=0)
        live = (centered_d * centered_d).sum(axis=0) != 0
        diff = pred - true
        centered = true - F.broadcast_to(F.mean(true, axis=0, keepdims=True), shape)
        ss_res = F.sum(diff * diff, axis=0)
        ss_tot = F.sum(centered * centered, axis=0) + chainer.Variable(
            (~live).astype(pred.dtype), requires_grad=False)
        g = self._output_grad(gy, shape)
        if g.shape != ss_tot.shape:
            g = F.broadcast_to(F.reshape(g, (1,) * ss_tot.ndim), ss_tot.shape)
        g = g * chainer.Variable(live.astype(pred.dtype), requires_grad=False) / ss_tot

        def spread(v):
            return F.broadcast_to(F.expand_dims(v, 0), shape)
        g_pred = diff * spread(g) * -2.0
        g_true = diff * spread(g) * 2.0 + centered * spread(ss_res / ss_tot * g) * 2.0
        return g_pred, g_true


def r2_score(pred, true, sample_weight=None, multioutput='uniform_average'):
    """Computes R^2 (coefficient of determination) regression score function.

    .. math::
        R^2 = 1 - \\frac{\\sum_i (y_i - \\hat y_i)^2}{\\sum_i (y_i - \\bar y)^2}

    per output, the sums running over the first axis (the samples).

    Args:
        pred (~chainer.Variable): estimated target values (vector, matrix or tensor).
        true (~chainer.Variable): correct target values, same shape and dtype.
        sample_weight: must be None (kept for scikit-learn compatibility).
        multioutput (str): ``'uniform_average'`` (mean of the scores) or
            ``'raw_values'`` (one score per output).

    Returns:
        ~chainer.Variable: a scalar, or the array of scores of shape
        ``pred.shape[1:]`` for ``'raw_values'``. Differentiable twice by both
        inputs (the gradient is zero for an output whose target is constant).
    """
    return R2_score(sample_weight, multioutput)(pred, true)
