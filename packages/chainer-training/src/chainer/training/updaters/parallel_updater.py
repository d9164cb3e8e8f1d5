"""``ParallelUpdater``: synchronous data-parallel updates over several devices."""
import copy

import numpy

import chainer
from chainer import cuda
from chainer.dataset import convert
from chainer.training import _batch_inputs
from chainer.training.updaters import standard_updater
from chainer.training._named_objects import main_of
from chainer.training._observers import observe_link


def _move(model, device):
    if device is not None and not isinstance(device, (int, numpy.integer)):
        model.to_device(device)  # a v4+ device specifier or object
    elif device is not None and device >= 0:
        model.to_gpu(device)
    else:
        model.to_cpu()


def _device_object(device):
    if device is None or isinstance(device, (int, numpy.integer)):
        return device
    return chainer.get_device(device)


def _device_scope(device):
    if device is None or isinstance(device, (int, numpy.integer)):
        return cuda.get_device(device if device is not None else -1)
    return chainer.using_device(device)


class ParallelUpdater(standard_updater.StandardUpdater):
    """Data-parallel updater over several devices of one machine.

    Synchronous parallel SGD: each batch is split into one part per model (example
    ``i`` goes to model ``i % n``), each model computes the loss of its part and its
    gradients on its device, the gradients are summed into the main model, the main
    optimizer updates it and the updated parameters are copied back to the other
    models. As in Chainer, the gradient is that of the *sum* of the per-device losses.

    Args:
        iterator: dataset iterator, or a dict of them (with a ``'main'`` entry).
        optimizer: optimizer, or a dict of them (with a ``'main'`` entry).
        converter: converts each part of the batch, called with the part and the
            device of its model.
        models (dict): models by name; ``models['main']`` must be the main
            optimizer's target. When None, ``devices`` names the models: the main
            optimizer's target becomes ``'main'`` and the others are deep copies of it,
            each moved to its device.
        devices (dict): devices by model name, with the same keys as the models:
            ids (negative: the host) or v4+ device specifiers.
        loss_func: loss function; each model itself when None.
        loss_scale (float): fixed loss scale of the optimizers (None: unscaled).
        auto_new_epoch (bool): call ``new_epoch(auto=True)`` of the main optimizer
            at the end of each epoch of the main iterator.

    Each part reaches the loss function as arrays for v2+ models and wrapped in
    Variables for v1-style ones, as Chainer v1 did (the class is reached at the same
    paths by both; see :class:`chainer.training.StandardUpdater`).
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples,
                 models=None, devices=None, loss_func=None, loss_scale=None,
                 auto_new_epoch=True):
        super().__init__(iterator, optimizer, converter=converter, loss_func=loss_func,
                         loss_scale=loss_scale, auto_new_epoch=auto_new_epoch)
        main = main_of(self._optimizers, 'optimizer').target
        if models is None:
            if not isinstance(devices, dict) or 'main' not in devices:
                raise ValueError("ParallelUpdater needs models or devices: devices must "
                                 "be a dict of device ids with a 'main' entry, got "
                                 "{!r}".format(devices))
            models = {'main': main}
            for name, device in devices.items():
                if name != 'main':
                    models[name] = copy.deepcopy(main)
                _move(models[name], device)
        else:
            if not isinstance(models, dict) or models.get('main') is not main:
                raise ValueError("models must be a dict whose 'main' entry is the target "
                                 "of the main optimizer")
            devices = devices if devices is not None else {name: None for name in models}
            if set(devices) != set(models):
                raise ValueError('devices must have the keys of models: {} vs {}'.format(
                    sorted(devices), sorted(models)))
        self._models = models
        self._devices = devices

    def _inputs_as_variables(self, func, *links):
        style = getattr(self, '_v1_input_style', None)
        if style is None:
            style = self._v1_input_style = _batch_inputs.InputStyle(True)
        return style(func, *links)

    def connect_trainer(self, trainer):
        """Registers the non-main models to the trainer's reporter by their names."""
        for name, model in self._models.items():
            if name != 'main':
                observe_link(trainer.reporter, name, model)

    def update_core(self):
        """Splits the batch over the models, backpropagates on each, sums the
        gradients into the main model, updates it and broadcasts the parameters."""
        batch = next(self._main_iterator())
        names = sorted(self._models, key=lambda n: n != 'main')  # main first
        n = len(names)
        losses = []
        main = self._models['main']  # the other models are copies of it
        for i, name in enumerate(names):
            model = self._models[name]
            device = self._devices[name]
            model.cleargrads()
            in_arrays = standard_updater.call_converter(
                self.converter, batch[i::n], _device_object(device))
            loss_func = model if self.loss_func is None else self.loss_func
            with _device_scope(device):
                losses.append(standard_updater.call_with_batch(
                    loss_func, in_arrays,
                    as_variables=self._inputs_as_variables(loss_func, main)))
        for loss in losses:
            loss.backward()
        others = [self._models[name] for name in names[1:]]
        for model in others:
            main.addgrads(model)
        optimizer = main_of(self._optimizers, 'optimizer')
        optimizer.update()
        for model in others:
            model.copyparams(main)
        if self.auto_new_epoch and self.is_new_epoch:
            optimizer.new_epoch(auto=True)
