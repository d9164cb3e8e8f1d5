"""Gradient helper for multi-output functions: missing output gradients are zeros."""


def fill_missing_grads(xp, gys, ys_like):
    """Returns ``gys`` with each None replaced by zeros shaped like ``ys_like[i]``.

    Args:
        xp: the array module (numpy or cupy) of the gradients.
        gys (tuple): output gradients, None where an output got no gradient.
        ys_like (sequence of (shape, dtype)): the shape and dtype of each output.
    """
    return [g if g is not None else xp.zeros(shape, dtype=dtype)
            for g, (shape, dtype) in zip(gys, ys_like)]
