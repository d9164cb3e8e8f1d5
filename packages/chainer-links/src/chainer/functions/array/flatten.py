"""Flattening of a variable into one dimension: ``flatten``."""
from chainer.functions.array.reshape import Reshape


class Flatten(Reshape):
    """Reshapes its input to one dimension, ``(x.size,)`` (Chainer v1's node of
    :func:`flatten`)."""

    def __init__(self):
        super().__init__((-1,))


def flatten(x):
    """Flattens a given array into one dimension.

    Args:
        x (~chainer.Variable): input variable.

    Returns:
        ~chainer.Variable: ``x`` reshaped to ``(x.size,)``; the gradient is reshaped
        back.
    """
    return Flatten()(x)
