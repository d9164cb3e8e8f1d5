"""The multi-node optimizer: a Chainer optimizer whose update uses the mean gradient of
all processes; and its double-buffering variant, whose update uses the previous step's
mean while this step's is being all-reduced."""
import copy

from chainer import cuda
from chainer.utils import force_array
from chainermn.communicators.communicator_base import (CommunicatorBase,
                                                       check_finite_in_debug_mode,
                                                       fill_missing_grads)


def _backward(loss, scale):
    """``loss.backward()``, with the loss scale of the actual optimizer when it has one
    (``Optimizer.loss_scaling``), as its own update would."""
    if scale is None:
        loss.backward()
    else:
        loss.backward(loss_scale=scale)


def _own_mean(comm):
    """The mean-gradient method of a communicator that defines its own (a subclass
    overriding ``multi_node_mean_grad`` as in ChainerMN v7 or ``allreduce_grad`` as in
    ChainerMN v1, or an object that is no :class:`CommunicatorBase`); None for this
    package's communicators, whose ``_allreduce_grad`` the optimizer may call."""
    if not isinstance(comm, CommunicatorBase):
        return comm.allreduce_grad
    cls = type(comm)
    if cls.allreduce_grad is not CommunicatorBase.allreduce_grad:
        return comm.allreduce_grad
    if cls.multi_node_mean_grad is not CommunicatorBase.multi_node_mean_grad:
        return comm.multi_node_mean_grad
    return None


class _MultiNodeOptimizer(object):
    """Wraps ``actual_optimizer``; every attribute not defined here is the wrapped one's
    (``lr``, ``t``, ``target``, ``serialize``, hooks, ...), so it stands in for it in an
    updater, a snapshot or user code."""

    def __init__(self, actual_optimizer, communicator, zero_fill=True):
        object.__setattr__(self, 'actual_optimizer', actual_optimizer)
        object.__setattr__(self, 'communicator', communicator)
        object.__setattr__(self, 'zero_fill', zero_fill)
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
        presum = lossfun is not None and comm.size > 1 and _own_mean(comm) is None
        if lossfun is not None:
            self._broadcast_if_changed(target)
            loss = lossfun(*args, **kwds)
            if getattr(self.actual_optimizer, '_use_cleargrads', False):
                target.cleargrads()
            else:
                target.zerograds()
            scale = getattr(self.actual_optimizer, '_loss_scale', None)
            if presum:
                # backward scales only a seed it makes itself: scale this one here
                xp = cuda.get_array_module(loss.data)
                seed = xp.ones_like(loss.data) if loss.grad is None else loss.grad
                factor = (1.0 if scale is None else scale) / comm.size
                loss.grad = force_array(seed * loss.data.dtype.type(factor))
            _backward(loss, scale)
            del loss
        self._broadcast_if_changed(target)
        if self.zero_fill:
            fill_missing_grads(target)
        if presum:
            comm._allreduce_grad(target, 1)
            check_finite_in_debug_mode(target)
        else:
            (_own_mean(comm) or comm.multi_node_mean_grad)(target)
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


class _DoubleBufferingOptimizer(object):
    """Wraps ``actual_optimizer`` as :class:`_MultiNodeOptimizer` does, with two sets of
    gradients: each update hands this step's gradients to ``communicated_target`` (a copy
    of the model made when the parameters were broadcast), starts their all-reduce
    there, and updates the model with the mean that the previous update started."""

    def __init__(self, actual_optimizer, communicator, zero_fill=True):
        for name, value in (('actual_optimizer', actual_optimizer),
                            ('communicator', communicator), ('zero_fill', zero_fill),
                            ('communicated_target', None), ('target_params_list', [[], []]),
                            ('needs_update', False), ('_pending', None),
                            ('_layout', None)):
            object.__setattr__(self, name, value)

    def setup(self, link):
        self.actual_optimizer.setup(link)
        return self

    def update(self, lossfun=None, *args, **kwds):
        """Computes the gradients (if ``lossfun`` is given), starts their all-reduce and
        updates the parameters with the previous step's mean gradient.

        When the parameters changed layout since the previous call (the first update,
        lazily initialized links), rank 0's parameters are broadcast instead, the model
        is copied into ``communicated_target`` and no update happens (as ChainerMN v7).
        """
        target = self.actual_optimizer.target
        if lossfun is not None:
            loss = lossfun(*args, **kwds)
            if getattr(self.actual_optimizer, '_use_cleargrads', False):
                target.cleargrads()
            else:
                target.zerograds()
            _backward(loss, getattr(self.actual_optimizer, '_loss_scale', None))
            del loss
        if self._layout_changed(target):
            self.wait()
            self.communicator.bcast_data(target)
            copied = copy.deepcopy(target)
            object.__setattr__(self, 'communicated_target', copied)
            object.__setattr__(self, 'target_params_list', [
                sorted(target.namedparams()), sorted(copied.namedparams())])
            object.__setattr__(self, 'needs_update', False)
            return
        self.wait()
        if self.zero_fill:
            fill_missing_grads(target)
        for (_, mine), (_, theirs) in zip(*self.target_params_list):
            mine.grad, theirs.grad = theirs.grad, mine.grad
            # the loss scale backward noted travels with its gradient (the update
            # divides the previous step's gradient by the previous step's scale)
            scales = getattr(mine, '_loss_scale', None), getattr(theirs, '_loss_scale', None)
            mine._loss_scale, theirs._loss_scale = scales[1], scales[0]
        object.__setattr__(self, '_pending', self.communicator._multi_node_mean_grad_async(
            self.communicated_target, self.zero_fill))
        if self.needs_update:
            self.actual_optimizer.update(None, *args, **kwds)
        else:
            object.__setattr__(self, 'needs_update', True)

    def wait(self):
        """Waits for the all-reduce the last update started; ``communicated_target``'s
        gradients are then the mean of that step's gradients."""
        pending = self._pending
        if pending is not None:
            object.__setattr__(self, '_pending', None)
            pending.wait()

    def _layout_changed(self, target):
        """Whether the parameters' names or initialized state differ from those at the
        last broadcast (recording the new layout when they do)."""
        now = [(name, param.data is None) for name, param in sorted(target.namedparams())]
        if now == self._layout and self.communicated_target is not None:
            return False
        object.__setattr__(self, '_layout', now)
        return True

    def __getattr__(self, name):
        return getattr(self.actual_optimizer, name)

    def __setattr__(self, name, value):
        setattr(self.actual_optimizer, name, value)


def create_multi_node_optimizer(actual_optimizer, communicator, double_buffering=False,
                                zero_fill=True):
    """Returns a multi-node version of ``actual_optimizer``.

    Each update all-reduces the gradients with ``communicator`` (every process then
    applies the mean gradient, so the models stay identical); the first update
    broadcasts the parameters of rank 0 so that every process starts from them.

    Args:
        actual_optimizer: a Chainer optimizer (e.g. ``chainer.optimizers.Adam()``),
            set up or not.
        communicator: a ChainerMN communicator.
        double_buffering (bool): overlap each step's all-reduce with the next step: the
            update of step ``k`` applies the mean gradient of step ``k - 1`` (the first
            update after the parameters were broadcast applies none). Offered by the
            ``pure_nccl`` communicator, as in ChainerMN v7.
        zero_fill (bool): give initialized parameters that got no gradient on this
            process (unused in its loss) a zero gradient before the all-reduce, so every
            process all-reduces the same parameters; with False they are left out.

    Returns:
        the multi-node optimizer; it stands in for ``actual_optimizer`` (its other
        attributes are the wrapped optimizer's).

    Raises:
        ValueError: ``double_buffering`` with a communicator that does not offer it.
    """
    if not hasattr(actual_optimizer, 'update'):
        raise TypeError('actual_optimizer must be a Chainer optimizer, got {}'.format(
            type(actual_optimizer).__name__))
    if not hasattr(communicator, 'allreduce_grad'):
        raise TypeError('communicator must be a ChainerMN communicator '
                        '(chainermn.create_communicator), got {}'.format(
                            type(communicator).__name__))
    if double_buffering:
        if not getattr(communicator, '_supports_double_buffering', False):
            raise ValueError('This communicator does not support double buffering: '
                             '{} (ChainerMN offers it with pure_nccl)'.format(
                                 type(communicator).__name__))
        return _DoubleBufferingOptimizer(actual_optimizer, communicator, zero_fill)
    return _MultiNodeOptimizer(actual_optimizer, communicator, zero_fill)
