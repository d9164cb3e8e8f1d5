"""Differentiable collectives: :func:`bcast`, :func:`gather`, :func:`scatter`,
:func:`allgather` and :func:`alltoall`. The backward of each is the reverse
collective: a broadcast sums the gradients on the root, a gather scatters them, a
scatter gathers them, an all-gather sends each rank the gradients of its array and sums
them, an all-to-all sends the gradients back. Every process of the communicator must
call the function, and run its backward, in the same order."""
import chainer
from chainer import cuda
from chainermn.functions import _arrays


class _Collective(chainer.Function):
    """A collective over ``comm`` (rooted at ``root`` where it has one)."""

    def __init__(self, comm, root=0):
        self.comm = comm
        self.root = root

    @property
    def _is_root(self):
        return self.comm.rank == self.root


class Bcast(_Collective):
    """Broadcast of the root's one input (other ranks: an empty placeholder)."""

    def forward(self, inputs):
        """Every rank gets the root's array."""
        y = self.comm.bcast(inputs[0] if self._is_root else None, self.root)
        self._out_info = y.shape, y.dtype
        return y,

    def backward(self, inputs, grad_outputs):
        """The root gets the sum of every rank's gradient."""
        xp = cuda.get_array_module(*inputs)
        gy, = grad_outputs
        if gy is None:
            gy = xp.zeros(self._out_info[0], self._out_info[1])
        gys = _arrays.gather(self.comm, gy, self.root)
        if self._is_root:
            return sum(gys[1:], gys[0].copy()),
        return xp.zeros_like(inputs[0]),


class Gather(_Collective):
    """Gather of every rank's one input: the root outputs them all (in rank order),
    the other ranks an empty delegate array."""

    def forward(self, inputs):
        """The root gets the list of every rank's array."""
        x, = inputs
        self._in_info = x.shape, x.dtype
        ys = _arrays.gather(self.comm, x, self.root)
        if self._is_root:
            self._infos = _arrays.infos(ys)
            return tuple(ys)
        return _arrays.empty(cuda.get_array_module(x)),

    def backward(self, inputs, grad_outputs):
        """Each rank gets the root's gradient of its array."""
        xp = cuda.get_array_module(*inputs)
        gys = None
        if self._is_root:
            gys = _arrays.zeros_for_missing(grad_outputs, self._infos, xp)
        gx = _arrays.scatter(self.comm, gys, self.root, like=inputs[0])
        return gx.astype(self._in_info[1], copy=False),


class Scatter(_Collective):
    """Scatter of the root's inputs (one per rank; other ranks: an empty placeholder):
    rank ``r`` outputs the root's ``r``-th input."""

    def forward(self, inputs):
        """Rank ``r`` gets the root's ``r``-th array."""
        y = _arrays.scatter(self.comm, inputs if self._is_root else None, self.root,
                            like=inputs[0])
        self._out_info = y.shape, y.dtype
        return y,

    def backward(self, inputs, grad_outputs):
        """The root gets every rank's gradient of its part."""
        xp = cuda.get_array_module(*inputs)
        gy, = _arrays.zeros_for_missing(grad_outputs, (self._out_info,), xp)
        gxs = _arrays.gather(self.comm, gy, self.root)
        if self._is_root:
            return tuple(gxs)
        return xp.zeros_like(inputs[0]),


class AllGather(_Collective):
    """All-gather of every rank's one input: every rank outputs them all."""

    def forward(self, inputs):
        """Every rank gets the list of every rank's array."""
        ys = _arrays.allgather(self.comm, inputs[0])
        self._infos = _arrays.infos(ys)
        return tuple(ys)

    def backward(self, inputs, grad_outputs):
        """Each rank gets the sum of every rank's gradient of its array."""
        xp = cuda.get_array_module(*inputs)
        gys = _arrays.zeros_for_missing(grad_outputs, self._infos, xp)
        mine = _arrays.alltoall(self.comm, gys, like=inputs[0])
        return sum(mine[1:], mine[0].copy()),


class AllToAll(_Collective):
    """All-to-all: rank ``r``'s ``i``-th input becomes rank ``i``'s ``r``-th output."""

    def forward(self, inputs):
        """Rank ``i`` gets the ``i``-th array of every rank."""
        ys = _arrays.alltoall(self.comm, inputs)
        self._infos = _arrays.infos(ys)
        return tuple(ys)

    def backward(self, inputs, grad_outputs):
        """Sends every gradient back to the rank its output came from."""
        xp = cuda.get_array_module(*inputs)
        gys = _arrays.zeros_for_missing(grad_outputs, self._infos, xp)
        return tuple(_arrays.alltoall(self.comm, gys, like=inputs[0]))


def _placeholder():
    # requires a gradient, so that backward reaches the collective on every rank
    return chainer.Variable(_arrays.empty())


def bcast(comm, x, root=0):
    """Broadcasts ``x`` of process ``root`` to every process, differentiably.

    Backward sums the gradients of every process's result into the root's ``x``.

    Args:
        comm: a ChainerMN communicator.
        x (~chainer.Variable): what to send (read on ``root`` only; may be None
            elsewhere).
        root (int): the sending process.

    Returns:
        ~chainer.Variable: the root's ``x``, on every process.
    """
    return Bcast(comm, root)(x if comm.rank == root else _placeholder())


def gather(comm, x, root=0):
    """Gathers every process's ``x`` on process ``root``, differentiably.

    Backward gives each process the root's gradient of its ``x``. On the other
    processes the result is an empty delegate variable: keep it in the graph (call its
    ``backward()``, or join it with :func:`~chainermn.functions.pseudo_connect`).

    Args:
        comm: a ChainerMN communicator.
        x (~chainer.Variable): this process's variable (shapes may differ between
            processes).
        root (int): the receiving process.

    Returns:
        tuple of ~chainer.Variable on ``root`` (one per process, in rank order); a
        delegate variable elsewhere.
    """
    ys = Gather(comm, root)(x)
    if comm.rank == root and not isinstance(ys, tuple):
        ys = ys,
    return ys


def scatter(comm, xs, root=0):
    """Sends the ``r``-th of process ``root``'s ``xs`` to process ``r``, differentiably.

    Backward gathers the gradients of the parts into the root's ``xs``.

    Args:
        comm: a ChainerMN communicator.
        xs (tuple or list of ~chainer.Variable): one variable per process (read on
            ``root`` only; may be None elsewhere).
        root (int): the sending process.

    Returns:
        ~chainer.Variable: this process's part.

    Raises:
        ValueError: ``xs`` on the root has not one variable per process.
    """
    if comm.rank != root:
        return Scatter(comm, root)(_placeholder())
    if len(xs) != comm.size:
        raise ValueError('scatter needs one variable per process: {} for {} processes'
                         .format(len(xs), comm.size))
    return Scatter(comm, root)(*xs)


def allgather(comm, x):
    """Gives every process the ``x`` of every process, differentiably.

    Backward gives each process the sum, over the processes, of the gradients of its
    ``x``.

    Args:
        comm: a ChainerMN communicator.
        x (~chainer.Variable): this process's variable (shapes may differ between
            processes).

    Returns:
        tuple of ~chainer.Variable: every process's ``x``, in rank order.
    """
    ys = AllGather(comm)(x)
    return ys if isinstance(ys, tuple) else (ys,)


def alltoall(comm, xs):
    """Sends this process's ``xs[i]`` to process ``i``, differentiably: the result's
    ``r``-th variable is process ``r``'s ``xs[rank]``.

    Backward sends each gradient back to the process its variable came from.

    Args:
        comm: a ChainerMN communicator.
        xs (tuple or list of ~chainer.Variable): one variable per process.

    Returns:
        tuple of ~chainer.Variable: one per process, in rank order.

    Raises:
        ValueError: ``xs`` has not one variable per process.
    """
    if len(xs) != comm.size:
        raise ValueError('alltoall needs one variable per process: {} for {} processes'
                         .format(len(xs), comm.size))
    ys = AllToAll(comm)(*xs)
    return ys if isinstance(ys, tuple) else (ys,)
