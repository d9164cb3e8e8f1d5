"""``StandardUpdater``: one iterator, one optimizer, one update per batch."""
import functools

import numpy

import chainer
from chainer import serializer as serializer_module
from chainer.dataset import convert
from chainer.training import _snapshot_entries
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


def _wrapped(x, volatile):
    # v1 wraps the arrays in Variables; what cannot be one (an array of objects, a
    # list from a custom converter: v7 passes any value) is passed as it is
    dtype = getattr(x, 'dtype', None)
    if dtype is None or getattr(x, 'shape', None) is None or dtype.kind not in 'biufc':
        return x
    return chainer.Variable(x, volatile=volatile)


def call_with_batch(func, in_arrays, volatile=chainer.flag.OFF, as_variables=True):
    """Calls ``func`` with the converted batch: positional arguments for a tuple,
    keyword arguments for a dict, one argument otherwise.

    Args:
        func: the loss or evaluation function.
        in_arrays: the converted batch.
        volatile: the volatility of the Variables made for v1 code.
        as_variables (bool): wrap the numeric arrays in Variables (v1; other values
            go as they are); False passes the batch as it comes (v2+).

    Returns:
        What ``func`` returns.
    """
    def wrap(x):
        return _wrapped(x, volatile) if as_variables else x
    if isinstance(in_arrays, tuple):
        return func(*[wrap(x) for x in in_arrays])
    if isinstance(in_arrays, dict):
        return func(**{key: wrap(x) for key, x in in_arrays.items()})
    return func(wrap(in_arrays))


def _device_object(device):
    """``device`` as a :class:`chainer.backend.Device` when it is a v4+ specifier;
    ints (v1 device ids) and None are kept as they are."""
    if device is None or isinstance(device, (int, numpy.integer)):
        return device
    return chainer.get_device(device)


def call_converter(converter, batch, device):
    """Calls ``converter(batch, device)`` as v7 does: a converter made by
    :func:`chainer.dataset.converter` (or a ``Converter``) gets a device object; a
    plain function of the v1 style gets a device id (-1 for the host) when
    ``device`` is a device object (an int or None is passed as it is); a
    ``Converter`` given an id gets the device object."""
    new_style = getattr(chainer.dataset, 'Converter', None)
    if new_style is not None and isinstance(converter, new_style):
        if isinstance(device, (int, numpy.integer)):  # a v1 device id
            device = chainer.get_device('@numpy' if device < 0 else
                                        '@cupy:{}'.format(int(device)))
        return converter(batch, device)
    if device is None or isinstance(device, (int, numpy.integer)) or \
            converter is convert.concat_examples:
        return converter(batch, device)
    if device.xp is numpy:
        return converter(batch, -1)
    device_id = getattr(getattr(device, 'device', None), 'id', None)
    if device_id is None:
        raise TypeError('a plain converter function takes device ids; for {} '
                        'decorate it with chainer.dataset.converter()'.format(device))
    return converter(batch, device_id)


class StandardUpdater(updater_module.Updater):
    """Standard implementation of :class:`~chainer.training.Updater`.

    Each update reads a batch from the main iterator, converts it with
    ``converter(batch, input_device)`` and calls the main optimizer's ``update``
    with the loss function and the converted arrays, as they come (Chainer v2+).
    Override :meth:`update_core` for other update routines (e.g. truncated BPTT).

    Reached as ``chainer.training.StandardUpdater`` or
    ``chainer.training.updater.StandardUpdater``, the paths Chainer v1 code uses,
    the subclass :class:`chainer.training.updater.StandardUpdater` wraps the arrays
    in Variables for v1-style models, as v1 did.

    Args:
        iterator: dataset iterator for the training dataset, or a dict of iterators
            by name. The one named ``'main'`` (a lone iterator is named so) gives the
            batches of :meth:`update_core` and the epoch counts.
        optimizer: optimizer, or a dict of optimizers by name. The default
            :meth:`update_core` uses the one named ``'main'``; as in v1, a dict
            without one is accepted for an :meth:`update_core` of one's own (the GAN
            pattern ``{'gen': opt_gen, 'dis': opt_dis}``).
        converter: converts a batch into input arrays; :func:`concat_examples` by
            default. A plain function gets a device id (v1), one made with
            :func:`chainer.dataset.converter` a device object (v7).
        device: device of the models. A GPU id moves the target links of all
            optimizers to that GPU (a negative id leaves them), as in v1; a v4+
            device specifier or object (``'@numpy'``, ``chainer.get_device(...)``)
            moves them to that device, as in v7. None leaves them where they are.
        loss_func: loss function; the target link of the main optimizer when None.
        loss_scale (float): fixed loss scale given to every optimizer
            (``set_loss_scale``); None leaves them unscaled.
        auto_new_epoch (bool): call ``new_epoch(auto=True)`` of the main optimizer
            when the main iterator completes an epoch (and set
            ``use_auto_new_epoch`` of every optimizer).
        input_device: device the batches are sent to (keyword only); ``device``
            when None.

    Attributes:
        converter, loss_func, loss_scale, auto_new_epoch: as given.
        device: ``device`` (an int or None as given; a specifier as a device object).
        input_device: the device of the batches, likewise.
        iteration (int): number of completed updates.
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples,
                 device=None, loss_func=None, loss_scale=None, auto_new_epoch=True,
                 **kwargs):
        input_device = kwargs.pop('input_device', None)
        if kwargs:
            raise TypeError('StandardUpdater got unexpected keyword arguments: '
                            '{}'.format(', '.join(sorted(kwargs))))
        self._iterators = as_named(iterator, 'iterator', _check_iterator)
        self._optimizers = as_named(optimizer, 'optimizer', _check_optimizer)
        if not callable(converter):
            raise TypeError('converter must be callable, got {!r}'.format(converter))
        if loss_func is not None and not callable(loss_func):
            raise TypeError('loss_func must be callable, got {!r}'.format(loss_func))
        device = _device_object(device)
        input_device = _device_object(input_device)
        self.converter = converter
        self._device = device
        self._input_device = device if input_device is None else input_device
        self.loss_func = loss_func
        self.iteration = 0
        self.loss_scale = loss_scale
        if loss_scale is not None:
            for opt in self._optimizers.values():
                opt.set_loss_scale(loss_scale)
        self.auto_new_epoch = bool(auto_new_epoch)
        if self.auto_new_epoch:
            for opt in self._optimizers.values():
                opt.use_auto_new_epoch = True
        if device is None:
            return
        if not isinstance(device, (int, numpy.integer)):  # a v4+ device
            for opt in self._optimizers.values():
                opt.target.to_device(device)
        elif device >= 0:
            for opt in self._optimizers.values():
                opt.target.to_gpu(device)

    @property
    def device(self):
        """The device of the models given to the constructor."""
        return self._device

    @device.setter
    def device(self, value):
        # v1 code assigns it (and then meant the device of the batches too)
        if self._input_device == self._device:
            self._input_device = value
        self._device = value

    @property
    def input_device(self):
        """The device the batches are sent to."""
        return self._input_device

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
        iterator = self._main_iterator()
        batch = next(iterator)
        in_arrays = call_converter(self.converter, batch, self.input_device)
        optimizer = main_of(self._optimizers, 'optimizer')
        # 'is None', not 'or': a link given as the function may be falsy (empty ChainList)
        loss_func = optimizer.target if self.loss_func is None else self.loss_func
        call_with_batch(functools.partial(optimizer.update, loss_func), in_arrays,
                        as_variables=self._inputs_as_variables(loss_func,
                                                               optimizer.target))
        if self.auto_new_epoch and iterator.is_new_epoch:
            optimizer.new_epoch(auto=True)

    def _inputs_as_variables(self, func, *links):
        """Whether the batch goes to ``func`` wrapped in Variables: never here
        (v2+); the v1-path subclass decides from the model's code."""
        return False

    def serialize(self, serializer):
        """Saves or loads the iterators, the optimizers with their target links and
        the iteration count."""
        if isinstance(serializer, serializer_module.Deserializer):
            # triggers first called after a resume derive their start from here
            self._restored = True
        for name, iterator in sorted(self._iterators.items()):
            child = serializer['iterator:' + name]
            with _snapshot_entries.naming_entries(child):
                iterator.serialize(child)
        for name, optimizer in sorted(self._optimizers.items()):
            optimizer.serialize(serializer['optimizer:' + name])
            optimizer.target.serialize(serializer['model:' + name])
        self.iteration = _snapshot_entries.load_count(
            serializer, 'iteration', self.iteration, 'the iteration count')
