"""Reduction of a broadcast gradient back to the shape of the operand it came from."""


def sum_to(gy, shape):
    """Sums ``gy`` over the axes that broadcasting added or stretched to reach ``shape``.

    Broadcasting ``x`` of ``shape`` to ``gy.shape`` prepends axes and repeats axes of
    length one; the gradient of that map adds the repeated values back up.

    Args:
        gy (array): the gradient of the broadcast result.
        shape (tuple of ints): the shape of the operand before broadcasting.

    Returns:
        array: ``gy`` summed to ``shape`` (``gy`` itself when nothing was broadcast).
    """
    shape = tuple(shape)
    if gy.shape == shape:
        return gy
    lead = gy.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        lead + i for i, n in enumerate(shape) if n == 1 and gy.shape[lead + i] != 1)
    g = gy.sum(axis=axes, keepdims=True)
    return g.reshape(shape)
