"""Up-down flip of a variable: ``flipud``."""
from chainer.functions.array._flip import AxisFlip


class FlipUD(AxisFlip):
    """Reverses the first axis (rows) of an array of at least one dimension."""

    axis = 0


def flipud(a):
    """Flips an array in the up/down direction: ``y[i] = a[-1 - i]``.

    Args:
        a (~chainer.Variable): input variable of at least one dimension.

    Returns:
        ~chainer.Variable: output variable.
    """
    return FlipUD()(a)
