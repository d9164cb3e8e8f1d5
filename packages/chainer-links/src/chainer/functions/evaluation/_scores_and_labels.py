"""Type check shared by the classifiers' metrics: scores (N, C, ...) and labels."""
from chainer.utils import type_check


def expect_scores_and_labels(in_types):
    """Expects float scores ``y`` (N, C, d1, ...) and int labels ``t`` (N, d1, ...)."""
    type_check.expect(in_types.size() == 2)
    y_type, t_type = in_types
    type_check.expect(
        y_type.dtype.kind == 'f',
        t_type.dtype.kind == 'i',
        y_type.ndim == t_type.ndim + 1,
        y_type.shape[0] == t_type.shape[0],
        y_type.shape[2:] == t_type.shape[1:],
    )
