"""The broadcasted learnable bias ``L.Bias``."""
import chainer.functions as F
from chainer import link
from chainer.links import _args
from chainer.links import _errors


def _split_inputs(link_, xs, param):
    """``(x, y)``: the input and the link's parameter, or both given inputs.

    A wrong number of inputs raises :class:`~chainer.links._errors.InvalidCallError`, an
    AssertionError as in v1 (which asserted the count in debug mode).
    """
    name = type(link_).__name__
    if param is not None:
        if len(xs) != 1:
            raise _errors.InvalidCallError(
                '{} with a learnable parameter takes one input, got {}'.format(
                    name, len(xs)))
        return xs[0], param
    if len(xs) != 2:
        raise _errors.InvalidCallError(
            '{} without a learnable parameter takes two inputs, got {}'.format(
                name, len(xs)))
    return xs


class Bias(link.Link):
    """Broadcasted elementwise summation with a learnable bias ``b``.

    Computes :func:`chainer.functions.bias` ``(x, b, axis)``: ``b`` is added to ``x``
    along the axes ``axis, ..., axis + b.ndim - 1``.

    Args:
        axis (int): The first axis of the input along which ``b`` is applied.
        shape (tuple of ints): Shape of the learnable ``b`` (zero-initialized). If
            None, the link has no parameter and the bias is the second input.

    Attributes:
        b (~chainer.Variable): Bias parameter if ``shape`` is given.
    """

    def __init__(self, axis=1, shape=None):
        super(Bias, self).__init__()
        self.axis = axis
        if shape is not None:
            self.add_param('b', _args.shape_tuple(shape, 'shape'), initializer=0)

    def forward(self, *xs):
        """Applies broadcasted elementwise summation.

        Args:
            xs (list of ~chainer.Variable): ``(x,)`` if the link has ``b``, else
                ``(x, y)``.

        Returns:
            ~chainer.Variable: ``x + b`` broadcast along ``axis``.
        """
        x, y = _split_inputs(self, xs, getattr(self, 'b', None))
        return F.bias(x, y, self.axis)
