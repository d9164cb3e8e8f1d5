"""Per-class precision, recall, F-beta score and support."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions.evaluation import _scores_and_labels
from chainer.functions.loss import _labels


class ClassificationSummary(function.Function):
    """Computes per-class precision, recall, F-beta and support (derivative zero
    almost everywhere: no gradient)."""

    def __init__(self, label_num=None, beta=1.0, ignore_label=-1):
        if label_num is not None and (int(label_num) != label_num or label_num < 0):
            raise ValueError('label_num must be None or a non-negative int, got {!r}'
                             .format(label_num))
        if not beta > 0:
            raise ValueError('beta must be positive, got {!r}'.format(beta))
        self.label_num = label_num
        self.beta = beta
        self.ignore_label = ignore_label

    def check_type_forward(self, in_types):
        _scores_and_labels.expect_scores_and_labels(in_types)

    def _num_labels(self, t):
        if self.label_num is not None:
            return int(self.label_num)
        kept = t[t != self.ignore_label]
        return int(kept.max()) + 1 if kept.size else 0

    def forward(self, inputs):
        y, t = inputs
        xp = cuda.get_array_module(y)
        n = self._num_labels(t)
        # Chainer v1 counted labels with bincount: a label >= label_num fell outside the
        # kept bins (counted in no class); a negative one made bincount raise.
        _labels.lenient_labels(t, n, 'classification_summary: t',
                               'count in no class (not in any support)',
                               self.ignore_label, low=0)
        ignored = (t == self.ignore_label).ravel()
        pred = _scores_and_labels.predictions(y, t).ravel()
        true = t.ravel()
        # bin n collects what is not a class of interest (ignored, or predicted >= n)
        sink = xp.asarray(n, dtype=pred.dtype)
        pred = xp.where(ignored | (pred >= n), sink, pred)
        true = xp.where(ignored, sink, true.astype(pred.dtype))
        support = xp.bincount(true, minlength=n + 1)[:n]
        predicted = xp.bincount(pred, minlength=n + 1)[:n]
        hit = xp.where(pred == true, true, sink)
        tp = xp.bincount(hit, minlength=n + 1)[:n]

        dtype = y.dtype
        b2 = self.beta * self.beta
        with numpy.errstate(divide='ignore', invalid='ignore'):
            precision = (tp / predicted).astype(dtype)
            recall = (tp / support).astype(dtype)
            fbeta = ((1 + b2) * precision * recall /
                     (b2 * precision + recall)).astype(dtype)
        return precision, recall, fbeta, support.astype(numpy.int32)


def classification_summary(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """Calculates Precision, Recall, F beta Score, and support.

    For each class :math:`c` (tp: true positives, fp: false positives, fn: false
    negatives among the examples whose label is not ``ignore_label``):

    .. math::
        P_c = \\frac{tp}{tp + fp}, \\quad R_c = \\frac{tp}{tp + fn}, \\quad
        F_c = \\frac{(1 + \\beta^2) P_c R_c}{\\beta^2 P_c + R_c}

    and the support is the number of examples labelled :math:`c`. A ratio with a
    zero denominator (a class never predicted, or absent) is NaN.

    Args:
        y (~chainer.Variable): scores (N, C, ...); the prediction is the arg-max
            along axis 1. Trailing axes of length one beyond those of ``t`` are
            allowed, as in Chainer v1.
        t (~chainer.Variable): int labels (N, ...) in ``[0, label_num)`` or
            ``ignore_label``; as in Chainer v1, labels ``>= label_num`` count in no
            class (with a warning) and other negative labels raise ValueError.
        label_num (int or None): number of classes; None means ``max(t) + 1``.
        beta (float): weight of precision in the F-beta score.
        ignore_label (int): label of the examples to skip. As in Chainer v1 it may be
            a class in ``[0, label_num)``: the examples labelled with it are skipped,
            but predictions of that class still count (its recall is NaN).

    Returns:
        tuple of four ~chainer.Variable of shape ``(label_num,)``: precision, recall,
        F-beta score (dtype of ``y``) and support (int32), each piecewise
        constant in ``y``: its derivative is zero almost everywhere (undefined where
        scores tie), so no gradient flows back (None), in a double backprop too.
    """
    return ClassificationSummary(label_num, beta, ignore_label)(y, t)


def _summary_entry(index, y, t, label_num, beta, ignore_label):
    summary = ClassificationSummary(label_num, beta, ignore_label)(y, t)
    return summary[index], summary[3]


#: The docstring of the four single-entry functions (one text, each its own words).
_ENTRY_DOC = """{summary}

Piecewise constant in ``y``: its derivative is zero almost everywhere (undefined
where scores tie), so no gradient flows back (None), in a double backprop too.

Args:
    y (~chainer.Variable or array): ``(N, C, ...)`` class scores (the prediction is
        the arg-max along axis 1).
    t (~chainer.Variable or array): ``(N, ...)`` int labels.
    label_num (int or None): number of classes; None means ``max(t) + 1``.{beta}
    ignore_label (int): label of the examples to skip (see
        :func:`classification_summary`).

Returns:
    tuple of two ~chainer.Variable: the {entry} and the support.
"""
_BETA_ARG = '\n    beta (float): weight of precision in the F-beta score.'


def precision(y, t, label_num=None, ignore_label=-1):
    return _summary_entry(0, y, t, label_num, 1.0, ignore_label)


def recall(y, t, label_num=None, ignore_label=-1):
    return _summary_entry(1, y, t, label_num, 1.0, ignore_label)


def fbeta_score(y, t, label_num=None, beta=1.0, ignore_label=-1):
    return _summary_entry(2, y, t, label_num, beta, ignore_label)


def f1_score(y, t, label_num=None, ignore_label=-1):
    return _summary_entry(2, y, t, label_num, 1.0, ignore_label)


precision.__doc__ = _ENTRY_DOC.format(
    summary='Per-class precision, as :func:`classification_summary` computes it.',
    beta='', entry='precision')
recall.__doc__ = _ENTRY_DOC.format(
    summary='Per-class recall, as :func:`classification_summary` computes it.',
    beta='', entry='recall')
fbeta_score.__doc__ = _ENTRY_DOC.format(
    summary='Per-class F-beta score, as :func:`classification_summary` computes it.',
    beta=_BETA_ARG, entry='F-beta score')
f1_score.__doc__ = _ENTRY_DOC.format(
    summary='Per-class F1 score (the F-beta score with ``beta = 1``).',
    beta='', entry='F1 score')
