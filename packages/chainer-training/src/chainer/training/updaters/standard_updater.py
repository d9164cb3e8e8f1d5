"""``StandardUpdater``: one iterator, one optimizer, one update per batch."""
import functools

import numpy

import chainer
from chainer.dataset import convert
from chainer.training import updater as updater_module
from chainer.training._named_objects import as_named, main_of


def _check_iterator(name, iterator):
    if not hasattr(iterator, '__next__') or not hasattr(iterator, 'serialize'):
        raise TypeError('iterator {!r} must be a dataset iterator (with __next__ and '
                        'serialize), got {}'.format(name, type(iterator).__name__))


def _check_optimizer(name, optimizer):
    if not hasattr(optimizer, 'update') or not hasattr(optimizer, 'target'):
        raise TypeError('optimizer {!r} must be a chainer.Optimizer, got {}'.format(
            name, type(optimizer).__name__))
    if optimizer.target is None:
        raise ValueError('optimizer {!r} has no target link: call '
                         'optimizer.setup(model) first'.format(name))


def call_with_batch(func, in_arrays, volatile=chainer.flag.OFF):
    """Calls ``func`` with the converted batch wrapped in Variables: positional
    arguments for a tuple, keyword arguments for a dict, one argument otherwise."""
    if isinstance(in_arrays, tuple):
        return func(*[chainer.Variable(x, volatile=volatile) for x in in_arrays])
    if isinstance(in_arrays, dict):
        return func(**{key: chainer.Variable(x, volatile=volatile)
                       for key, x in in_arrays.items()})
    return func(chainer.Variable(in_arrays, volatile=volatile))


class StandardUpdater(updater_module.Updater):
    """Standard implementation of :class:`~chainer.training.Updater`.

    Each update reads a batch from the main iterator, converts it with
    ``converter(batch, device)`` and calls the main optimizer's ``update`` with the
    loss function and the arrays wrapped in Variables. Override :meth:`update_core`
    for other update routines (e.g. truncated BPTT).

    Args:
        iterator: dataset iterator for the training dataset, or a dict of iterators
            by name. The one named ``'main'`` (a lone iterator is named so) gives the
            batches of :meth:`update_core` and the epoch counts.
        optimizer: optimizer, or a dict of optimizers by name. The default
            :meth:`update_core` uses the one named ``'main'``; as in v1, a dict
            without one is accepted for an :meth:`update_core` of one's own (the GAN
            pattern ``{'gen': opt_gen, 'dis': opt_dis}``).
        converter: converts a batch into input arrays; :func:`concat_examples` by
            default.
        device: device to send the arrays to (negative: host; None: unchanged). A
            GPU id also moves the target links of all optimizers to that GPU, as in
            v1; a v4+ device specifier or object (``'@numpy'``,
            ``chainer.get_device(...)``) moves them to that device, as in v7.
        loss_func: loss function; the target link of the main optimizer when None.

    Attributes:
        converter, device, loss_func: as given.
        iteration (int): number of completed updates.
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples,
                 device=None, loss_func=None):
        self._iterators = as_named(iterator, 'iterator', _check_iterator)
        self._optimizers = as_named(optimizer, 'optimizer', _check_optimizer)
        if not callable(converter):
            raise TypeError('converter must be callable, got {!r}'.format(converter))
        if loss_func is not None and not callable(loss_func):
            raise TypeError('loss_func must be callable, got {!r}'.format(loss_func))
        self.converter = converter
        self.device = device
        self.loss_func = loss_func
        self.iteration = 0
        if device is None:
            return
        if not isinstance(device, (int, numpy.integer)):  # a v4+ device specifier
            for optimizer in self._optimizers.values():
                optimizer.target.to_device(device)
        elif device >= 0:
            for optimizer in self._optimizers.values():
                optimizer.target.to_gpu(device)

    def _main_iterator(self):
        return main_of(self._iterators, 'iterator')

    @property
    def epoch(self):
        """Number of completed sweeps over the main dataset."""
        return self._main_iterator().epoch

    @property
    def epoch_detail(self):
        """Fractional epoch count of the main iterator."""
        return self._main_iterator().epoch_detail

    @property
    def previous_epoch_detail(self):
        """``epoch_detail`` before the last update (None before the first one)."""
        return self._main_iterator().previous_epoch_detail

    @property
    def is_new_epoch(self):
        """True when the last update completed an epoch of the main iterator."""
        return self._main_iterator().is_new_epoch

    def get_iterator(self, name):
        """Returns the dataset iterator of the given name."""
        return self._iterators[name]

    def get_optimizer(self, name):
        """Returns the optimizer of the given name."""
        return self._optimizers[name]

    def get_all_optimizers(self):
        """Returns a dict of all optimizers, by name."""
        return dict(self._optimizers)

    def finalize(self):
        """Finalizes every iterator."""
        for iterator in self._iterators.values():
            iterator.finalize()

    def update(self):
        """Runs one update (:meth:`update_core`) and counts the iteration."""
        self.update_core()
        self.iteration += 1

    def update_core(self):
        """Reads a batch, converts it and updates with the main optimizer."""
        batch = next(self._main_iterator())
        in_arrays = self.converter(batch, self.device)
        optimizer = main_of(self._optimizers, 'optimizer')
        # 'is None', not 'or': a link given as the function may be falsy (empty ChainList)
        loss_func = optimizer.target if self.loss_func is None else self.loss_func
        call_with_batch(functools.partial(optimizer.update, loss_func), in_arrays)
        if self.is_new_epoch:
            optimizer.new_epoch()

    def serialize(self, serializer):
        """Saves or loads the iterators, the optimizers with their target links and
        the iteration count."""
        for name, iterator in sorted(self._iterators.items()):
            iterator.serialize(serializer['iterator:' + name])
        for name, optimizer in sorted(self._optimizers.items()):
            optimizer.serialize(serializer['optimizer:' + name])
            optimizer.target.serialize(serializer['model:' + name])
        self.iteration = serializer('iteration', self.iteration)
