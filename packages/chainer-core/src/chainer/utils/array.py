"""Array reshaping helpers of v1's ``chainer.utils.array`` (numpy and GPU arrays)."""
from chainer import cuda


def as_vec(x):
    """Returns ``x`` flattened to one axis (a view where possible)."""
    return x.ravel()


def as_mat(x):
    """Returns ``x`` as a matrix: the first axis kept, the others flattened."""
    return x.reshape(len(x), -1)


def empty_like(x):
    """Returns an uninitialized array of ``x``'s shape and dtype on ``x``'s device."""
    return cuda.get_array_module(x).empty_like(x)


def size_of_shape(shape):
    """Returns the number of elements of an array of ``shape`` (a Python int; 1 for
    ``()``)."""
    size = 1
    for n in shape:
        size *= int(n)
    return size


def sum_to(x, shape):
    """Sums the array ``x`` to ``shape``: the inverse of broadcasting ``shape`` to
    ``x.shape`` (leading axes summed away, axes of length 1 in ``shape`` summed with
    their length kept).

    Args:
        x (array): a numpy or GPU array (for a Variable use ``F.sum_to``).
        shape (tuple of ints): a shape that broadcasts to ``x.shape``.

    Returns:
        array of ``shape`` (``x`` itself when it already has that shape).

    Raises:
        TypeError: ``x`` is a Variable.
    """
    shape = tuple(shape)
    if x.shape == shape:
        return x
    from chainer import variable
    if isinstance(x, variable.Variable):
        raise TypeError('chainer.utils.sum_to takes arrays; use '
                        'chainer.functions.sum_to for a Variable')
    lead = x.ndim - len(shape)
    lead_axes = tuple(range(lead))
    ones = tuple(lead + i for i, n in enumerate(shape) if n == 1 and x.shape[lead + i] != 1)
    y = x.sum(lead_axes + ones, keepdims=True)
    if lead:
        y = y.reshape(y.shape[lead:])
    return y
