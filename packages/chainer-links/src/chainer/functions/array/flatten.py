"""Flattening of a variable into one dimension: ``flatten``."""
from chainer.functions.array.reshape import Reshape


def flatten(x):
    """Flattens a given array into one dimension.

    Args:
        x (~chainer.Variable): input variable.

    Returns:
        ~chainer.Variable: ``x`` reshaped to ``(x.size,)``; the gradient is reshaped
        back.
    """
    return Reshape((-1,))(x)
