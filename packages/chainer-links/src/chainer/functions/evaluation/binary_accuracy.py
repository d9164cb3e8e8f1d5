"""Binary classification accuracy."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _labels

_IGNORE = -1


class BinaryAccuracy(function.Function):
    """Fraction of the elements whose sign matches a 0/1 label (-1: ignored)."""

    ignore_label = _IGNORE

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        y_type, t_type = in_types
        type_check.expect(
            y_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            y_type.shape == t_type.shape,
        )

    def forward(self, inputs):
        y, t = inputs
        xp = cuda.get_array_module(y)
        # Chainer v1 compared every label with the prediction: one that is not 0, 1 or
        # -1 never matches, so it counts as a wrong prediction.
        _labels.lenient_labels(t, 2, 'binary_accuracy: t',
                               'never match a prediction: they count as wrong '
                               'predictions', _IGNORE)
        count = int((t != _IGNORE).sum())
        if count == 0:
            return xp.zeros((), dtype=y.dtype),
        # an ignored label (-1) never equals a prediction (0 or 1)
        correct = ((y >= 0) == t).sum()
        return force_array(xp.asarray(correct / count, dtype=y.dtype)),


def binary_accuracy(y, t):
    """Computes binary classification accuracy of the minibatch.

    An element counts as predicted positive when ``y >= 0`` (a pre-sigmoid score);
    the accuracy is the fraction of elements with ``t != -1`` whose prediction equals
    ``t`` (0 when every label is -1).

    Args:
        y (~chainer.Variable): float scores of any shape.
        t (~chainer.Variable): int labels of the same shape: 0, 1, or -1 (ignored);
            as in Chainer v1, other values count as wrong (with a warning).

    Returns:
        ~chainer.Variable: a scalar array of the accuracy, piecewise
        constant in ``y``: its derivative is zero almost everywhere (undefined where
        a score is 0), so no gradient flows back (None), in a double backprop too.
    """
    return BinaryAccuracy()(y, t)
