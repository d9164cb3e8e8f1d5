"""A model split across processes: :class:`MultiNodeChainList`."""
import collections

import chainer
from chainermn.functions import point_to_point_communication as _p2p
from chainermn.functions.pseudo_connect import pseudo_connect


def _as_tuple(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,)


def _like(value, variables):
    """``variables`` (a tuple) shaped as ``value`` was: a tuple or one variable."""
    return variables if isinstance(value, (tuple, list)) else variables[0]


def _joined(delegate, value):
    """``value`` (a variable or a tuple) joined to ``delegate`` (when there is one)."""
    if delegate is None:
        return value
    return _like(value, pseudo_connect(delegate, *_as_tuple(value)))


class MultiNodeChainList(chainer.ChainList):
    """A model whose parts run on different processes, connected by
    :func:`~chainermn.functions.send` and :func:`~chainermn.functions.recv`.

    Each process builds its own MultiNodeChainList with the parts it runs, added with
    :meth:`add_link` in the order they run, each saying where its inputs come from
    (``rank_in``) and where its outputs go (``rank_out``). Calling the model runs the
    parts in that order, receiving and sending as declared; the backward of its
    result runs them in reverse, sending and receiving the gradients, so that a
    ``loss.backward()`` on the process holding the loss (and ``y.backward()`` of the
    returned delegate variable on the others) gives each process the gradients of its
    parameters, as if the whole model ran in one process. Between the parts of one
    process, delegate variables (see :func:`~chainermn.functions.pseudo_connect`)
    keep the graph connected, so that the gradients are exchanged in an order that
    cannot deadlock.

    For example, an MLP split in three on two processes (rank 0 holds the first and
    the last layers)::

        if comm.rank == 0:
            model = MultiNodeChainList(comm)
            model.add_link(L.Linear(4, 8), rank_in=None, rank_out=1)
            model.add_link(L.Linear(8, 2), rank_in=1, rank_out=None)
        else:
            model = MultiNodeChainList(comm)
            model.add_link(L.Linear(8, 8), rank_in=0, rank_out=0)
        y = model(x)   # rank 0: the output; rank 1: a delegate variable
        loss = F.sum(y) if comm.rank == 0 else y
        loss.backward()

    Args:
        comm: a ChainerMN communicator.
    """

    def __init__(self, comm):
        super(MultiNodeChainList, self).__init__()
        self._comm = comm
        self._rank_inouts = []

    def add_link(self, link, rank_in=None, rank_out=None):
        """Adds a part of the model.

        Args:
            link (~chainer.Link): the part (called with the received or the model's
                inputs).
            rank_in (int, list of int or None): the processes it receives its inputs
                from, in the order of its arguments (this process's own rank takes
                what an earlier part sent to it); None: the model's inputs.
            rank_out (int, list of int or None): the processes its outputs go to;
                None: they are the model's output (one part at most).

        Raises:
            ValueError: a second part has ``rank_out=None``.
        """
        rank_in = [rank_in] if isinstance(rank_in, int) else rank_in
        rank_out = [rank_out] if isinstance(rank_out, int) else rank_out
        if rank_out is None and any(out is None for _, out in self._rank_inouts):
            raise ValueError('MultiNodeChainList: only one part may give the model '
                             'output (rank_out=None)')
        super(MultiNodeChainList, self).add_link(link)
        self._rank_inouts.append((rank_in, rank_out))

    def __call__(self, *inputs):
        """Runs the parts in order (see the class).

        Args:
            inputs: the model's inputs (given to the parts with ``rank_in=None``).

        Returns:
            The output of the part with ``rank_out=None`` (joined to the graph of the
            later parts); without such a part, the delegate variable of the last
            send, whose ``backward()`` runs this process's share of the backward.

        Raises:
            ValueError: what the parts sent to this process itself was not all taken.
        """
        comm = self._comm
        to_self = collections.deque()
        output = None
        delegate = None
        for index, (link, (rank_in, rank_out)) in enumerate(
                zip(self, self._rank_inouts)):
            if rank_in is None:
                args = inputs if index == 0 else _as_tuple(
                    pseudo_connect(delegate, *inputs))
                x = link(*args)
            else:
                args = []
                for source in rank_in:
                    if source == comm.rank:
                        received = _joined(delegate, to_self.popleft())
                    else:
                        received = _p2p.recv(comm, source, delegate_variable=delegate)
                    args.append(received)
                    delegate = _as_tuple(received)[0]
                # what the part computes depends on all it received: no delegate needed
                delegate = None
                x = link(*args)
            if rank_out is None:
                output = x
                delegate = _as_tuple(x)[0]
                continue
            for j, target in enumerate(rank_out):
                if target == comm.rank:
                    x = _joined(delegate, x)
                    to_self.append(x)
                    delegate = _as_tuple(x)[0]
                else:
                    if j > 0:  # the earlier sends' backward must run after this one's
                        x = _joined(delegate, x)
                    delegate = _p2p.send(x, comm, target)
        if to_self:
            raise ValueError('MultiNodeChainList: {} output(s) sent to this process '
                             'itself were never received; check that every rank_out '
                             'has its rank_in'.format(len(to_self)))
        if output is None:
            return delegate
        if delegate is _as_tuple(output)[0]:
            return output
        return _joined(delegate, output)

    def forward(self, *inputs):
        """Same as calling the model."""
        return self(*inputs)
