"""The parametric ReLU layer ``L.PReLU``."""
import chainer.functions as F
from chainer import link
from chainer.links import _args


class PReLU(link.Link):
    """Parametric ReLU function as a link: ``y = max(x, 0) + W min(x, 0)``.

    ``W`` is broadcast over the input from its second axis (see
    :func:`chainer.functions.prelu`). See: Delving Deep into Rectifiers.

    Args:
        shape (tuple of ints): Shape of the parameter array.
        init (float): Initial parameter value.

    Attributes:
        W (~chainer.Variable): Coefficient of parametric ReLU.
    """

    def __init__(self, shape=(), init=0.25):
        super(PReLU, self).__init__()
        self.add_param('W', _args.shape_tuple(shape, 'shape'), initializer=init)

    def __call__(self, x):
        """Applies the parametric ReLU activation function to ``x``."""
        return F.prelu(x, self.W)
