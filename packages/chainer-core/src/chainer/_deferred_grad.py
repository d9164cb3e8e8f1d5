"""Gradients of leaf Variables computed when they are first read.

A training step written ``model(chainer.Variable(x))`` makes the data a leaf Variable,
whose gradient Chainer must provide: the caller holds the Variable and may read
``x.grad`` (saliency maps, adversarial examples). Most callers never do, and for the first
layer that gradient is costly (a GEMM, and for a convolution a col2im besides). So a
function whose input gradient allows it hands the engine a :class:`DeferredGrad` instead
of the array: the computation and private copies of what it reads (the filters, which an
optimizer updates in place right after, and the output gradient, whose array others may
share). ``Variable.grad`` runs it on first read and keeps the array; a Variable dropped
unread never pays for it. The values are those of computing it at once.

Only the array engine defers, only on the host, and only where nothing could observe
the difference: plain leaf :class:`~chainer.Variable` inputs that require a gradient
(not Parameters, not subclasses) that hold no gradient yet (one they hold would be
summed with it at once), no function hooks, no debug mode, no ``retain_grad``.
"""
import threading


class _HostLeaf(object):
    """What :meth:`Function._input_grads_needed <chainer.Function._input_grads_needed>`
    answers for a host leaf that requires a gradient (a parameter) during the array
    engine's backward pass: true, like "needed"; its gradient may be returned as a
    :class:`chainer._rows_grad.RowsGrad` or :class:`chainer._product_grad.ProductGrad`,
    which the engine adds into the leaf's gradient."""
    __slots__ = ()

    def __bool__(self):
        return True

    def __repr__(self):
        return 'HOST_LEAF'


class _Deferrable(_HostLeaf):
    """The answer for an input whose gradient may be deferred (a plain leaf Variable):
    true, like "needed", so that a backward that does not know about deferral computes
    the gradient at once; a host leaf too (its gradient may come as rows)."""
    __slots__ = ()

    def __repr__(self):
        return 'DEFERRABLE'


#: The answer of ``_input_grads_needed`` for a host leaf (see :class:`_HostLeaf`).
HOST_LEAF = _HostLeaf()
#: The answer of ``_input_grads_needed`` for a gradient that may be deferred.
DEFERRABLE = _Deferrable()


def is_host_leaf(answer):
    """Whether an answer of ``_input_grads_needed`` is for a host leaf in the array
    engine, whose gradient may then be returned as a :class:`chainer._rows_grad.RowsGrad`
    or a :class:`chainer._product_grad.ProductGrad`."""
    return isinstance(answer, _HostLeaf)


class _State(threading.local):
    def __init__(self):
        self.allowed = False


_state = _State()


def allowed():
    """Whether the backward pass running in this thread may defer leaf gradients."""
    return _state.allowed


class allow(object):
    """``with allow(flag):`` sets, for this thread, whether gradients may be deferred
    (the array engine's backward pass; the previous setting comes back after)."""

    __slots__ = ('flag', 'saved')

    def __init__(self, flag):
        self.flag = flag

    def __enter__(self):
        self.saved = _state.allowed
        _state.allowed = self.flag

    def __exit__(self, *exc):
        _state.allowed = self.saved


class DeferredGrad(object):
    """A gradient to compute on first read: ``compute(*args)`` returns the array.

    Args:
        compute (callable): computes the gradient from ``args`` (no other state: it may
            run long after the backward pass, with other configuration in force).
        args: what ``compute`` reads, owned by this object (copies of anything that
            may change before it runs).
    """

    __slots__ = ('compute', 'args')

    def __init__(self, compute, *args):
        self.compute = compute
        self.args = args

    def materialize(self):
        """Computes the gradient (once: the Variable keeps the array)."""
        return self.compute(*self.args)

    def __repr__(self):
        return '<gradient computed on first read>'
