"""The Swish activation layer ``L.Swish`` (Chainer v4+)."""
from chainer import initializers
from chainer import link
from chainer import parameter
from chainer.functions.activation.swish import swish


class Swish(link.Link):
    """Swish activation as a link: ``y = x * sigmoid(beta * x)`` with a learned
    ``beta`` (see :func:`chainer.functions.swish`).

    Args:
        beta_shape (tuple of ints or None): shape of ``beta``; None makes it
            ``x.shape[1:]`` at the first call.
        beta_init (float): initial value of ``beta``.

    Attributes:
        beta (~chainer.Parameter): the parameter :math:`\\beta`.
    """

    def __init__(self, beta_shape, beta_init=1.0):
        super(Swish, self).__init__()
        with self.init_scope():
            if beta_shape is not None:
                self.beta = parameter.Parameter(beta_init, beta_shape)
            else:
                self.beta = parameter.Parameter(initializers.Constant(beta_init))

    def forward(self, x):
        """Applies the Swish activation to ``x`` (initializing ``beta`` from
        ``x.shape[1:]`` on the first call when its shape was not given).

        Args:
            x (~chainer.Variable or array): input.

        Returns:
            ~chainer.Variable: the activation, of the shape of ``x``.
        """
        if self.beta.data is None:
            self.beta.initialize(x.shape[1:])
        return swish(x, self.beta)
