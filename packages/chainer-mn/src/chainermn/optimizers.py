"""The multi-node optimizer: a Chainer optimizer whose update uses the mean gradient of
all processes."""
from chainer import cuda
from chainer.utils import force_array


class _MultiNodeOptimizer(object):
    """Wraps ``actual_optimizer``; every attribute not defined here is the wrapped one's
    (``lr``, ``t``, ``target``, ``serialize``, hooks, ...), so it stands in for it in an
    updater, a snapshot or user code."""

    def __init__(self, actual_optimizer, communicator):
        object.__setattr__(self, 'actual_optimizer', actual_optimizer)
        object.__setattr__(self, 'communicator', communicator)
        object.__setattr__(self, '_param_layout', None)

    def setup(self, link):
        self.actual_optimizer.setup(link)
        return self

    def update(self, lossfun=None, *args, **kwds):
        """Computes the gradients (if ``lossfun`` is given), averages them over all
        processes and updates the parameters.

        Whenever the parameters have changed layout since the previous call (the first
        update, or a link that initialized its parameters lazily), rank 0's parameters are
        broadcast first (before the loss is computed, when they exist by then), so every
        process holds the same model. Unlike ChainerMN, the step that broadcasts also
        updates: no gradient is dropped, so training on N processes takes the steps of one
        process on the N shares' batches, and a resumed run those of an uninterrupted one.
        """
        target = self.actual_optimizer.target
        comm = self.communicator
        # With the loss at hand, backward starts from 1 / size, so the gradients arrive
        # divided and the all-reduce only sums (one pass over them less per step).
        presum = lossfun is not None and comm.size > 1 and hasattr(comm, '_allreduce_grad')
        if lossfun is not None:
            self._broadcast_if_changed(target)
            loss = lossfun(*args, **kwds)
            if getattr(self.actual_optimizer, '_use_cleargrads', False):
                target.cleargrads()
            else:
                target.zerograds()
            if presum:
                xp = cuda.get_array_module(loss.data)
                seed = xp.ones_like(loss.data) if loss.grad is None else loss.grad
                loss.grad = force_array(seed * loss.data.dtype.type(1.0 / comm.size))
            loss.backward()
            del loss
        self._broadcast_if_changed(target)
        if presum:
            comm._allreduce_grad(target, 1)
        else:
            comm.allreduce_grad(target)
        self.actual_optimizer.update(None, *args, **kwds)

    def _broadcast_if_changed(self, target):
        layout = [(name, param.data is not None) for name, param in sorted(target.namedparams())]
        if layout != self._param_layout:
            self.communicator.bcast_data(target)
            object.__setattr__(self, '_param_layout', layout)

    def __getattr__(self, name):
        return getattr(self.actual_optimizer, name)

    def __setattr__(self, name, value):
        setattr(self.actual_optimizer, name, value)


def create_multi_node_optimizer(actual_optimizer, communicator):
    """Returns a multi-node version of ``actual_optimizer``.

    Each update all-reduces the gradients with ``communicator`` (every process then
    applies the mean gradient, so the models stay identical); the first update
    broadcasts the parameters of rank 0 so that every process starts from them.

    Args:
        actual_optimizer: a Chainer optimizer (e.g. ``chainer.optimizers.Adam()``),
            set up or not.
        communicator: a ChainerMN communicator.
    """
    if not hasattr(actual_optimizer, 'update'):
        raise TypeError('actual_optimizer must be a Chainer optimizer, got {}'.format(
            type(actual_optimizer).__name__))
    if not hasattr(communicator, 'allreduce_grad'):
        raise TypeError('communicator must be a ChainerMN communicator '
                        '(chainermn.create_communicator), got {}'.format(
                            type(communicator).__name__))
    return _MultiNodeOptimizer(actual_optimizer, communicator)
