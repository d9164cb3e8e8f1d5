"""Coefficient of determination R^2."""
from chainer import cuda
from chainer import function
from chainer.utils import type_check

_MULTIOUTPUT = ('uniform_average', 'raw_values')


class R2_score(function.Function):
    """R^2 regression score per output (axis 0 is the sample axis); not differentiable."""

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
        ``pred.shape[1:]`` for ``'raw_values'``. Not differentiable.
    """
    return R2_score(sample_weight, multioutput)(pred, true)
