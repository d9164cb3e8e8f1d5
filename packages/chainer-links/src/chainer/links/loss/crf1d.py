"""The linear-chain CRF loss layer ``L.CRF1d``."""
import chainer.functions as F
from chainer import link
from chainer.links import _args


class CRF1d(link.Link):
    """Linear-chain conditional random field loss layer.

    Wraps :func:`chainer.functions.crf1d` and holds the transition cost matrix
    ``cost`` of shape ``(n_label, n_label)`` (zero-initialized).

    Args:
        n_label (int): Number of labels.

    Attributes:
        cost (~chainer.Variable): Transition cost parameter.
    """

    def __init__(self, n_label):
        super(CRF1d, self).__init__()
        n_label = _args.positive_int(n_label, 'n_label')
        self.add_param('cost', (n_label, n_label), initializer=0)

    def __call__(self, xs, ys):
        """The mean negative log-likelihood of the label sequences ``ys`` given the
        scores ``xs`` (lists of time steps, sorted by decreasing length; see
        :func:`chainer.functions.crf1d`)."""
        return F.crf1d(self.cost, xs, ys)

    def argmax(self, xs):
        """The most probable label sequences for ``xs``: ``(scores, paths)`` as
        :func:`chainer.functions.argmax_crf1d` returns them."""
        return F.argmax_crf1d(self.cost, xs)
