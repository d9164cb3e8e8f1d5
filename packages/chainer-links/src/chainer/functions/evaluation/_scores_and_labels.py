"""Type check shared by the classifiers' metrics: scores (N, C, ...) and labels."""
from chainer.utils import type_check


def expect_scores_and_labels(in_types):
    """Expects float scores ``y`` (N, C, d1, ..., dk) and int labels ``t`` (N, d1, ...,
    dk).

    As in Chainer v1, ``y`` may have further trailing axes of length one (scores of
    shape (N, C, 1, 1) for labels (N,), as a 1x1 convolution gives).
    """
    type_check.expect(in_types.size() == 2)
    y_type, t_type = in_types
    type_check.expect(
        y_type.dtype.kind == 'f',
        t_type.dtype.kind == 'i',
        y_type.ndim >= t_type.ndim + 1,
        y_type.shape[0] == t_type.shape[0],
    )
    t_ndim = type_check.eval(t_type.ndim)
    type_check.expect(y_type.shape[2:t_ndim + 1] == t_type.shape[1:])
    for axis in range(t_ndim + 1, type_check.eval(y_type.ndim)):
        type_check.expect(y_type.shape[axis] == 1)


def predictions(y, t):
    """The arg-max class of the scores ``y``, in the shape of the labels ``t``."""
    return y.argmax(axis=1).reshape(t.shape)
