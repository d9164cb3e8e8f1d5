"""Multi-class classification accuracy."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.functions.evaluation import _scores_and_labels
from chainer.functions.loss import _labels


_WRONG = 'never match a prediction: they count as wrong predictions'


class Accuracy(function.Function):
    """Fraction of samples whose arg-max score is the true label (derivative zero
    almost everywhere: no gradient)."""

    def __init__(self, ignore_label=None):
        self.ignore_label = ignore_label

    def check_type_forward(self, in_types):
        _scores_and_labels.expect_scores_and_labels(in_types)

    def forward(self, inputs):
        y, t = inputs
        xp = cuda.get_array_module(y)
        # Chainer v1 compared every label with the prediction: one outside the classes
        # never matches, so it counts as a wrong prediction.
        _labels.lenient_labels(t, y.shape[1], 'accuracy: t', _WRONG, self.ignore_label)
        correct = _scores_and_labels.predictions(y, t) == t
        if self.ignore_label is None:
            count = t.size
        else:
            valid = t != self.ignore_label
            correct &= valid
            count = int(valid.sum())
        if count == 0:  # nothing to score (every label ignored)
            return xp.zeros((), dtype=y.dtype),
        return force_array(xp.asarray(correct.sum() / count, dtype=y.dtype)),


def accuracy(y, t, ignore_label=None):
    """Computes multiclass classification accuracy of the minibatch.

    .. math:: \\mathrm{acc} = \\frac{|\\{i : \\arg\\max_j y_{ij} = t_i,\\
              t_i \\ne \\mathrm{ignore}\\}|}{|\\{i : t_i \\ne \\mathrm{ignore}\\}|}

    (0 when every label is ignored). Extra trailing axes are positions: ``y`` of
    shape (N, C, d1, ...) is scored against ``t`` of shape (N, d1, ...); as in
    Chainer v1, ``y`` may end with further axes of length one.

    Args:
        y (~chainer.Variable): scores; ``y[i, j]`` is the score of class j for
            example i.
        t (~chainer.Variable): int labels in ``[0, C)`` (or ``ignore_label``); as in
            Chainer v1, other labels count as wrong predictions (with a warning).
        ignore_label (int or None): label value whose examples are skipped.

    Returns:
        ~chainer.Variable: a scalar array of the accuracy, piecewise
        constant in ``y``: its derivative is zero almost everywhere (undefined where
        scores tie), so no gradient flows back (None), in a double backprop too.
    """
    return Accuracy(ignore_label)(y, t)
