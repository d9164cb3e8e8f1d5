"""The linear-chain CRF loss layer ``L.CRF1d``."""
import chainer
import chainer.functions as F
from chainer import link
from chainer import variable
from chainer.links import _args


def _by_decreasing_length(seqs):
    """The indices that sort the sequences ``seqs`` by decreasing length (stable)."""
    return sorted(range(len(seqs)), key=lambda i: -len(seqs[i]))


def _time_major(seqs, order):
    """The batch-major sequences ``seqs`` taken in ``order`` and transposed to the
    time-major lists that :func:`~chainer.functions.crf1d` takes."""
    return F.transpose_sequence([seqs[i] for i in order])


class CRF1d(link.Link):
    """Linear-chain conditional random field loss layer.

    Wraps :func:`chainer.functions.crf1d` and holds the transition cost matrix
    ``cost`` of shape ``(n_label, n_label)``.

    Args:
        n_label (int): Number of labels.
        initial_cost (initializer, array or scalar): initializer of ``cost``
            (Chainer v7); zeros by default. ``cost`` has the dtype
            ``chainer.config.dtype`` (float32 unless configured).

    Attributes:
        cost (~chainer.Variable): Transition cost parameter.
    """

    def __init__(self, n_label, initial_cost=None):
        super(CRF1d, self).__init__()
        n_label = _args.positive_int(n_label, 'n_label')
        self.add_param('cost', (n_label, n_label), dtype=chainer.get_dtype(),
                       initializer=0 if initial_cost is None else initial_cost)

    def __call__(self, xs, ys, reduce='mean', transpose=False):
        """The negative log-likelihood of the label sequences ``ys`` given the scores
        ``xs``.

        Args:
            xs (list): time-major scores, one ``(B_t, n_label)`` Variable per time
                step, sorted by decreasing length (see
                :func:`chainer.functions.crf1d`); with ``transpose``, one
                ``(T_b, n_label)`` sequence per example, in any order (Chainer v7).
            ys (list): the labels, laid out as ``xs``.
            reduce (str): ``'mean'`` (the mean over the batch) or ``'no'``.
            transpose (bool): whether ``xs`` and ``ys`` are batch-major.

        Returns:
            ~chainer.Variable: the loss (per example with ``reduce='no'``, in the
            order of the time-major batch: by decreasing length).
        """
        if transpose:
            order = _by_decreasing_length(xs)
            xs, ys = _time_major(xs, order), _time_major(ys, order)
        return F.crf1d(self.cost, xs, ys, reduce=reduce)

    def forward(self, xs, ys, reduce='mean', transpose=False):
        """The loss, as :meth:`__call__` computes it (v2+ name)."""
        return self(xs, ys, reduce=reduce, transpose=transpose)

    def argmax(self, xs, transpose=False):
        """The most probable label sequences for ``xs``: ``(scores, paths)`` as
        :func:`chainer.functions.argmax_crf1d` returns them; with ``transpose``
        (Chainer v7), ``xs`` holds one ``(T_b, n_label)`` sequence per example and
        ``paths`` one label array per example, in the order of ``xs`` (the scores
        are in the order of decreasing length)."""
        if not transpose:
            return F.argmax_crf1d(self.cost, xs)
        order = _by_decreasing_length(xs)
        score, path = F.argmax_crf1d(self.cost, _time_major(xs, order))
        per_example = [p.data if isinstance(p, variable.Variable) else p
                       for p in F.transpose_sequence(path)]
        paths = [None] * len(order)
        for k, i in enumerate(order):
            paths[i] = per_example[k]
        return score, paths
