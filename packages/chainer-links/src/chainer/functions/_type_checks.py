"""Type-check fragments shared by several functions."""
from chainer.utils import type_check


def expect_same_float_arrays(in_types, ndim=None):
    """Expects every input to be a float array of the dtype and shape of the first.

    Args:
        in_types: the ``in_types`` of ``check_type_forward``.
        ndim (int or None): required number of dimensions, if any.
    """
    first = in_types[0]
    type_check.expect(first.dtype.kind == 'f')
    if ndim is not None:
        type_check.expect(first.ndim == ndim)
    for other in in_types[1:]:
        type_check.expect(other.dtype == first.dtype, other.shape == first.shape)


def expect_crf_inputs(cost_type, x_types):
    """Expects a (K, K) float ``cost`` and ``xs[i]`` of shape (B_i, K), B_i not rising.

    This is the input layout of :func:`~chainer.functions.crf1d` and
    :func:`~chainer.functions.argmax_crf1d`: sequences sorted by decreasing length
    and transposed to time-major order.
    """
    type_check.expect(
        cost_type.dtype.kind == 'f',
        cost_type.ndim == 2,
        cost_type.shape[0] == cost_type.shape[1],
    )
    for i, x_type in enumerate(x_types):
        type_check.expect(
            x_type.dtype == cost_type.dtype,
            x_type.ndim == 2,
            x_type.shape[1] == cost_type.shape[0],
        )
        if i:
            type_check.expect(x_types[i - 1].shape[0] >= x_type.shape[0])


def expect_embedding_output_inputs(x_type, t_type, w_type):
    """Expects float features ``x`` (B, D), int labels ``t`` (B,) and a weight ``W``
    (rows, D) of x's dtype: the inputs of the losses that score labels by rows of ``W``
    (:func:`~chainer.functions.negative_sampling`, :func:`~chainer.functions.black_out`,
    :class:`~chainer.links.BinaryHierarchicalSoftmax`)."""
    type_check.expect(
        x_type.dtype.kind == 'f',
        x_type.ndim == 2,
        t_type.dtype.kind == 'i',
        t_type.ndim == 1,
        x_type.shape[0] == t_type.shape[0],
        w_type.dtype == x_type.dtype,
        w_type.ndim == 2,
        w_type.shape[1] == x_type.shape[1],
    )


def expect_weighted_inputs(in_types, x_w_conditions, bias_size):
    """Expects ``(x, W[, b])`` of a linear-style function.

    ``x`` and ``W`` are float arrays (``W`` may be of another float dtype, as in
    Chainer v1); ``x_w_conditions(x_type, w_type)`` returns the shape conditions they
    must meet; ``b``, when given, is an array of ``x``'s dtype: a vector of length
    ``bias_size(w_type)``, or of that shape where ``bias_size`` returns a tuple. Values
    are read with ``type_check.eval``, so the light pass of the check decides valid
    input without building any message.
    """
    n_in = in_types.size()
    type_check.expect(2 <= n_in, n_in <= 3)
    x_type, w_type = in_types[:2]
    type_check.expect(
        x_type.dtype.kind == 'f',
        w_type.dtype.kind == 'f',
        *x_w_conditions(x_type, w_type))
    if type_check.eval(n_in) == 3:
        b_type = in_types[2]
        shape = bias_size(w_type)
        if not isinstance(shape, tuple):
            shape = (shape,)
        type_check.expect(
            b_type.dtype == x_type.dtype,
            b_type.ndim == len(shape),
            *[b_type.shape[i] == size for i, size in enumerate(shape)])


def linear_shapes(x_type, w_type):
    """Shape conditions of ``y = x W^T``: ``x`` (n, ...) flattens to ``W``'s columns."""
    return (x_type.ndim >= 2,
            w_type.ndim == 2,
            type_check.prod(x_type.shape[1:]) == w_type.shape[1])


def weight_rows(w_type):
    """The output size of ``x W^T``: the rows of ``W``."""
    return w_type.shape[0]
