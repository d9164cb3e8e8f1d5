"""The broadcasted learnable scaling ``L.Scale``."""
import chainer.functions as F
from chainer import link
from chainer.links import _args
from chainer.links.connection import bias as bias_link


class Scale(link.Chain):
    """Broadcasted elementwise product with a learnable weight ``W``.

    Computes :func:`chainer.functions.scale` ``(x, W, axis)``, optionally followed
    by a learnable :class:`Bias` (``bias_term``).

    Args:
        axis (int): The first axis of the input along which ``W`` is applied.
        W_shape (tuple of ints): Shape of the learnable ``W`` (initialized to 1). If
            None, the weight is the second input.
        bias_term (bool): Whether to also learn a bias.
        bias_shape (tuple of ints): Shape of the bias when ``W_shape`` is None
            (otherwise the bias has the shape ``W_shape``).

    Attributes:
        W (~chainer.Variable): Weight parameter if ``W_shape`` is given.
        bias (~chainer.links.Bias): Bias term if ``bias_term`` is True.
    """

    def __init__(self, axis=1, W_shape=None, bias_term=False, bias_shape=None):
        super(Scale, self).__init__()
        self.axis = axis
        if W_shape is not None:
            W_shape = _args.shape_tuple(W_shape, 'W_shape')
            self.add_param('W', W_shape, initializer=1)
        if bias_term:
            if W_shape is not None:
                bias_shape = W_shape
            elif bias_shape is None:
                raise ValueError('bias_shape must be given when W_shape is None and '
                                 'bias_term is True')
            self.add_link('bias', bias_link.Bias(axis, bias_shape))

    def forward(self, *xs):
        """Applies broadcasted elementwise product (and the bias).

        Args:
            xs (list of ~chainer.Variable): ``(x,)`` if the link has ``W``, else
                ``(x, y)``.

        Returns:
            ~chainer.Variable: ``x * W`` (plus the bias) broadcast along ``axis``.
        """
        x, y = bias_link._split_inputs(self, xs, getattr(self, 'W', None))
        z = F.scale(x, y, self.axis)
        if hasattr(self, 'bias'):
            z = self.bias(z)
        return z
