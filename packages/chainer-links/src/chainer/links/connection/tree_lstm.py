"""TreeLSTM layers (Chainer v3+): ``L.ChildSumTreeLSTM`` and ``L.NaryTreeLSTM``."""
import chainer.functions as F
from chainer import link
from chainer import variable
from chainer.links import _args
from chainer.links.connection import linear


def _fill_missing(link_, cs, hs, x):
    """Replaces the None among ``cs``, ``hs`` and ``x`` with zeros of the batch size
    and dtype of the given ones; all None raises ValueError."""
    given = [v for v in list(cs) + list(hs) + [x] if v is not None]
    if not given:
        raise ValueError('{}: at least one of the cell states, the outputs and the '
                         'input must be given (all are None)'.format(type(link_).__name__))
    batch, dtype = given[0].shape[0], given[0].dtype
    xp = link_.xp

    def zeros(size):
        return variable.Variable(xp.zeros((batch, size), dtype=dtype), requires_grad=False)

    size = link_.state_size
    cs = [zeros(size) if c is None else c for c in cs]
    hs = [zeros(size) if h is None else h for h in hs]
    if x is None:
        if link_.in_size is None:
            raise ValueError('{}: x is None and the input size is not known yet'.format(
                type(link_).__name__))
        x = zeros(link_.in_size)
    return cs, hs, x


class ChildSumTreeLSTM(link.Chain):
    """Child-Sum TreeLSTM unit (Tai et al., 2015): merges any number of children.

    Called as ``link(c_1, ..., c_N, h_1, ..., h_N, x)`` (``N >= 0``), it returns the
    new cell state and output of the parent node:

    .. math::
        \\tilde{h} &= \\textstyle\\sum_k h_k, \\\\
        a, i, o &= W_x^{a,i,o} x + b^{a,i,o} + W_h^{a,i,o} \\tilde{h}, \\qquad
        f_k = W_x^f x + b^f + W_h^f h_k, \\\\
        c, h &= \\mathrm{tree\\_lstm}(c_1, \\ldots, c_N, [a; i; o; f_1; \\ldots; f_N])

    (see :func:`chainer.functions.tree_lstm`). The children are interchangeable: any
    order gives the same result. A None among the arguments stands for zeros; all None
    raises ValueError.

    Args:
        in_size (int or None): Dimension of the input ``x`` (None: on the first call).
        out_size (int): Dimension of the cell states and outputs.

    Attributes:
        W_x (~chainer.links.Linear): ``x`` to the four gate blocks ``a, i, o, f``.
        W_h_aio (~chainer.links.Linear): summed outputs to ``a, i, o`` (no bias).
        W_h_f (~chainer.links.Linear): each child's output to its forget gate.
    """

    def __init__(self, in_size, out_size):
        out_size = _args.positive_int(out_size, 'out_size')
        in_size = _args.positive_int(in_size, 'in_size', allow_none=True)
        super(ChildSumTreeLSTM, self).__init__()
        with self.init_scope():
            self.W_x = linear.Linear(in_size, 4 * out_size)
            self.W_h_aio = linear.Linear(out_size, 3 * out_size, nobias=True)
            self.W_h_f = linear.Linear(out_size, out_size, nobias=True)
        self.in_size = in_size
        self.state_size = out_size

    def forward(self, *cshsx):
        """Returns ``(c, h)`` of the parent node.

        Args:
            cshsx: the children's cell states, then their outputs, then the input
                (``2 N + 1`` Variables or arrays, or None for zeros).

        Returns:
            tuple: ``(c, h)``, each of shape ``(B, out_size)``.
        """
        if len(cshsx) % 2 != 1:
            raise ValueError('ChildSumTreeLSTM takes 2 N + 1 arguments (c_1..c_N, '
                             'h_1..h_N, x), got {}'.format(len(cshsx)))
        n = len(cshsx) // 2
        cs, hs, x = _fill_missing(self, cshsx[:n], cshsx[n:2 * n], cshsx[-1])
        size = self.state_size
        wx = self.W_x(x)
        if self.in_size is None:
            self.in_size = self.W_x.W.shape[1]
        if n == 0:
            return F.tree_lstm(wx[:, :3 * size])
        h_sum = hs[0]
        for h in hs[1:]:
            h_sum = h_sum + h
        aio = wx[:, :3 * size] + self.W_h_aio(h_sum)
        wx_f = wx[:, 3 * size:]
        fs = [wx_f + self.W_h_f(h) for h in hs]
        return F.tree_lstm(*(cs + [F.concat([aio] + fs, axis=1)]))


class NaryTreeLSTM(link.Chain):
    """N-ary TreeLSTM unit (Tai et al., 2015; Bowman et al., 2016): a fixed number
    ``n_ary`` of ordered children, each with its own weights.

    Called as ``link(c_1, ..., c_N, h_1, ..., h_N, x)`` with ``N = n_ary``:

    .. math::
        z &= W_x x + b + \\textstyle\\sum_k W_{h_k} h_k, \\\\
        c, h &= \\mathrm{tree\\_lstm}(c_1, \\ldots, c_N, z)

    where ``z`` holds the blocks ``a, i, o, f_1, ..., f_N`` (see
    :func:`chainer.functions.tree_lstm`). The order of the children matters. A None
    among the arguments stands for zeros; all None raises ValueError.

    Args:
        in_size (int or None): Dimension of the input ``x`` (None: on the first call).
        out_size (int): Dimension of the cell states and outputs.
        n_ary (int): The number of children (at least 1).

    Attributes:
        W_x (~chainer.links.Linear): ``x`` to the ``3 + n_ary`` gate blocks.
        W_h1, W_h2, ... (~chainer.links.Linear): child ``k``'s output to the gate
            blocks (no bias).
    """

    def __init__(self, in_size, out_size, n_ary=2):
        out_size = _args.positive_int(out_size, 'out_size')
        in_size = _args.positive_int(in_size, 'in_size', allow_none=True)
        n_ary = _args.positive_int(n_ary, 'n_ary')
        super(NaryTreeLSTM, self).__init__()
        n_gates = (3 + n_ary) * out_size
        with self.init_scope():
            self.W_x = linear.Linear(in_size, n_gates)
            for k in range(1, n_ary + 1):
                setattr(self, 'W_h{}'.format(k),
                        linear.Linear(out_size, n_gates, nobias=True))
        self.in_size = in_size
        self.state_size = out_size
        self.n_ary = n_ary

    def forward(self, *cshsx):
        """Returns ``(c, h)`` of the parent node.

        Args:
            cshsx: ``n_ary`` cell states, ``n_ary`` outputs, then the input (each a
                Variable or array, or None for zeros).

        Returns:
            tuple: ``(c, h)``, each of shape ``(B, out_size)``.
        """
        n = self.n_ary
        if len(cshsx) != 2 * n + 1:
            raise ValueError('NaryTreeLSTM with n_ary={} takes {} arguments, got {}'.format(
                n, 2 * n + 1, len(cshsx)))
        cs, hs, x = _fill_missing(self, cshsx[:n], cshsx[n:2 * n], cshsx[-1])
        z = self.W_x(x)
        if self.in_size is None:
            self.in_size = self.W_x.W.shape[1]
        for k, h in enumerate(hs, 1):
            z = z + getattr(self, 'W_h{}'.format(k))(h)
        return F.tree_lstm(*(cs + [z]))
