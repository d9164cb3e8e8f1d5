"""The highway layer ``L.Highway``."""
import chainer.functions as F
from chainer import link
from chainer.links import _args
from chainer.links.connection import linear


class Highway(link.Chain):
    """Highway module: a gated mix of a transformed input and the input itself.

    .. math::
        y = a(W_h x + b_h) \\odot \\sigma(W_t x + b_t) +
            x \\odot (1 - \\sigma(W_t x + b_t)),

    where ``a`` is the activation. See: Highway Networks (Srivastava et al. 2015).

    Args:
        in_out_size (int): Dimension of the input and output vectors.
        nobias (bool): If True, the plain and transform layers have no bias.
        activate: Activation function of the plain layer.
        init_Wh: Initializer of the plain weight ``W_h``.
        init_Wt: Initializer of the transform weight ``W_t``.
        init_bh: Initializer (or scalar) of the plain bias (None: 0).
        init_bt: Initializer (or scalar) of the transform bias; negative values
            make the layer start close to the identity.

    Attributes:
        plain (~chainer.links.Linear): The plain layer ``W_h, b_h``.
        transform (~chainer.links.Linear): The transform gate layer ``W_t, b_t``.
    """

    def __init__(self, in_out_size, nobias=False, activate=F.relu, init_Wh=None,
                 init_Wt=None, init_bh=None, init_bt=-1):
        in_out_size = _args.positive_int(in_out_size, 'in_out_size')
        if not callable(activate):
            raise TypeError('activate must be callable, got {!r}'.format(activate))
        super(Highway, self).__init__(
            plain=linear.Linear(in_out_size, in_out_size, nobias=nobias,
                                initialW=init_Wh, initial_bias=init_bh),
            transform=linear.Linear(in_out_size, in_out_size, nobias=nobias,
                                    initialW=init_Wt, initial_bias=init_bt))
        self.activate = activate

    def forward(self, x):
        """Computes the output of the highway module for ``x`` of shape ``(B, n)``."""
        out_plain = self.activate(self.plain(x))
        gate = F.sigmoid(self.transform(x))
        return out_plain * gate + x * (1 - gate)
