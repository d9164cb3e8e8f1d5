"""Differentiable point-to-point transfer between processes: :func:`send` and
:func:`recv`, whose backward carries the gradients the other way."""
import chainer
from chainer import cuda
from chainermn.functions import _arrays


class _PeerTransfer(chainer.Function):
    """What :class:`Send` and :class:`Recv` share: the communicator, the peer and the
    tag, and a label naming the peer."""

    _kind = None  # 'Send' or 'Recv', the label's first word

    def __init__(self, comm, peer_rank, peer_tag):
        self.comm = comm
        self.peer_rank = peer_rank
        self.peer_tag = peer_tag

    @property
    def label(self):
        """The name shown in graphs, with the peer."""
        return '{} (peer_rank: {})'.format(self._kind, self.peer_rank)


class Send(_PeerTransfer):
    """Sends its inputs (all but the last, a delegate placeholder) to ``peer_rank``;
    its one output is an empty delegate variable. Backward receives the gradients of the
    inputs from ``peer_rank`` (sent there by :class:`Recv`'s backward).

    Args:
        comm: a ChainerMN communicator.
        peer_rank (int): the receiving process.
        peer_tag (int): the message tag.
    """

    _kind = 'Send'

    def forward(self, inputs):
        """Sends the inputs but the last; returns the empty delegate array."""
        xs = inputs[:-1]
        self.comm.send(xs[0] if len(xs) == 1 else tuple(xs), self.peer_rank,
                       self.peer_tag)
        return _arrays.empty(cuda.get_array_module(*inputs)),

    def backward(self, inputs, grad_outputs):
        """Receives the gradients of the sent inputs from the peer."""
        xp = cuda.get_array_module(*inputs)
        grads = self.comm.recv(self.peer_rank, self.peer_tag)
        if not isinstance(grads, tuple):
            grads = grads,
        grads = tuple([xp.asarray(g).astype(x.dtype, copy=False).reshape(x.shape)
                       for g, x in zip(grads, inputs[:-1])])
        return grads + (xp.zeros_like(inputs[-1]),)


class Recv(_PeerTransfer):
    """Receives arrays from ``peer_rank``; its one input is the delegate variable of
    the graph before it (or an empty placeholder). Backward sends the gradients of its
    outputs back to ``peer_rank`` (received by :class:`Send`'s backward).

    Args:
        comm: a ChainerMN communicator.
        peer_rank (int): the sending process.
        peer_tag (int): the message tag.
    """

    _kind = 'Recv'

    def forward(self, inputs):
        """Returns what the peer sent (one array or several)."""
        data = self.comm.recv(self.peer_rank, self.peer_tag)
        data = data if isinstance(data, tuple) else (data,)
        self._infos = _arrays.infos(data)
        return data

    def backward(self, inputs, grad_outputs):
        """Sends the gradients of the outputs to the peer; zeros for the delegate."""
        xp = cuda.get_array_module(*inputs)
        self.comm.send(_arrays.zeros_for_missing(grad_outputs, self._infos, xp),
                       self.peer_rank, self.peer_tag)
        return tuple([xp.zeros_like(x) for x in inputs])


def _check_peer(comm, rank):
    if rank == comm.rank:
        raise ValueError("rank must differ from the communicator's own rank ({}): a "
                         'process sending to itself waits forever'.format(rank))


def send(x, communicator, rank, tag=0):
    """Sends ``x`` to process ``rank``, differentiably.

    The result is an empty "delegate" variable that only holds the graph: when
    backward reaches it, it receives the gradient of ``x`` from ``rank`` (where
    :func:`recv` sent it) and goes on into the graph that made ``x``. Keep it in the
    graph: call its ``backward()`` when nothing else follows, or pass it to the next
    :func:`recv` (``delegate_variable``) or to :func:`pseudo_connect`.

    Args:
        x (~chainer.Variable or tuple of ~chainer.Variable): what to send (arrays are
            accepted too).
        communicator: a ChainerMN communicator.
        rank (int): the receiving process (not this one).
        tag (int): the MPI message tag.

    Returns:
        ~chainer.Variable: the delegate variable (an empty float32 array).

    Raises:
        ValueError: ``rank`` is this process's rank.
    """
    _check_peer(communicator, rank)
    xs = tuple(x) if isinstance(x, (tuple, list)) else (x,)
    xp = cuda.get_array_module(*[getattr(v, 'data', v) for v in xs])
    # the placeholder requires a gradient, so that backward always reaches Send even
    # when nothing sent does (the peer's Recv would otherwise wait for ever)
    placeholder = chainer.Variable(_arrays.empty(xp))
    delegate = Send(communicator, rank, tag)(*(xs + (placeholder,)))
    delegate.name = 'delegate_variable'
    return delegate


def recv(communicator, rank, delegate_variable=None, tag=0, force_tuple=False):
    """Receives what process ``rank`` sent with :func:`send`, differentiably.

    Backward sends the gradients of the result back to ``rank``. Where this process
    sent something earlier in the same graph, pass that :func:`send`'s result as
    ``delegate_variable``: backward then runs this function's backward (sending the
    gradients) before that send's (waiting for them), so that no two processes wait on
    each other.

    Args:
        communicator: a ChainerMN communicator.
        rank (int): the sending process (not this one).
        delegate_variable (~chainer.Variable): the delegate variable of the previous
            part of the graph on this process, or None.
        tag (int): the MPI message tag.
        force_tuple (bool): return a tuple even for one received array.

    Returns:
        ~chainer.Variable or tuple of ~chainer.Variable: what was received (a tuple
        when a tuple was sent, or with ``force_tuple``).

    Raises:
        ValueError: ``rank`` is this process's rank.
    """
    _check_peer(communicator, rank)
    if delegate_variable is None:
        delegate_variable = chainer.Variable(_arrays.empty())
    else:
        delegate_variable.name = 'delegate_variable'
    result = Recv(communicator, rank, tag)(delegate_variable)
    if force_tuple and not isinstance(result, tuple):
        return result,
    return result
