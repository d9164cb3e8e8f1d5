"""Left-right flip of a variable: ``fliplr``."""
from chainer.functions.array._flip import AxisFlip


class FlipLR(AxisFlip):
    """Reverses the second axis (columns) of an array of at least two dimensions."""

    axis = 1


def fliplr(a):
    """Flips an array in the left/right direction: ``y[:, j] = a[:, -1 - j]``.

    Args:
        a (~chainer.Variable): input variable of at least two dimensions.

    Returns:
        ~chainer.Variable: output variable.
    """
    return FlipLR()(a)
