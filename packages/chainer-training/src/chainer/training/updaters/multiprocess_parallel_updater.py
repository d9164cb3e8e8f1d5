"""``MultiprocessParallelUpdater``: data-parallel training with one process per GPU.

The gradients are summed and the parameters broadcast with NCCL, which the CUDA backend
provides through the :mod:`chainer.cuda` facade as ``chainer.cuda.nccl`` (this package
never imports CuPy). Without CUDA devices or without NCCL,
:meth:`MultiprocessParallelUpdater.available` is False and the constructor raises a
:class:`RuntimeError` that says why.
"""
import multiprocessing
import warnings

import numpy

from chainer import cuda
from chainer import reporter as reporter_module
from chainer.dataset import convert
from chainer.training._observers import observe_link
from chainer.training import _batch_inputs
from chainer.training.updaters import standard_updater

# Optimizers whose update is scaled by the mean gradient through ``eps``: summing the
# gradients of n devices multiplies them by n, so eps follows (AdaDelta and RMSpropGraves
# divide by a squared scale, hence n ** 2). Any other optimizer with ``lr`` gets lr / n.
_EPS_POWER = {'Adam': 1, 'AdaGrad': 1, 'RMSprop': 1, 'RMSpropGraves': 2, 'AdaDelta': 2}


def _nccl():
    """The NCCL module of the CUDA backend, or None when there is none to use."""
    if not cuda.available:
        return None
    try:
        nccl = cuda.nccl
    except AttributeError:  # a backend without NCCL support
        return None
    return nccl if getattr(nccl, 'available', True) else None


def _unavailable_reason():
    if not cuda.available:
        try:
            cuda.check_cuda_available()
        except RuntimeError as e:
            return str(e)
    return ('the CUDA backend provides no NCCL (chainer.cuda.nccl): install NCCL and a '
            'cupy-kernels release that exposes it')


def size_num_grads(link):
    """Counts the elements and the parameters (non-empty ones) of ``link``.

    Returns:
        tuple: The total size of the parameters and their number.
    """
    sizes = [param.data.size for param in _flat_params(link)]
    return sum(sizes), len(sizes)


def _flat_params(link):
    """The parameters that take part in gathering, in a fixed order."""
    return [param for param in link.params()
            if param.data is not None and param.data.size > 0]


def _gather(link, attr):
    """Concatenates the ``attr`` arrays (``'data'`` or ``'grad'``) of the parameters of
    ``link`` into one float32 vector; a missing gradient counts as zeros."""
    params = _flat_params(link)
    xp = cuda.get_array_module(*[param.data for param in params])
    pieces = []
    for param in params:
        array = getattr(param, attr)
        if array is None:
            pieces.append(xp.zeros(param.data.size, numpy.float32))
        else:
            pieces.append(array.ravel().astype(numpy.float32, copy=False))
    return xp.concatenate(pieces) if pieces else xp.zeros(0, numpy.float32)


def _scatter(link, array, attr):
    """Sets the ``attr`` of each parameter to its part of a gathered vector (a view
    when the parameter is float32)."""
    offset = 0
    for param in _flat_params(link):
        size = param.data.size
        part = array[offset:offset + size].reshape(param.data.shape)
        setattr(param, attr, part.astype(param.data.dtype, copy=False))
        offset += size


def _require_gpu_link(link, what):
    if link.xp is numpy:
        raise RuntimeError('{} works only on a GPU: the link is on the host'.format(what))


def gather_grads(link):
    """Puts the gradients of all the parameters of a GPU link into one float32 array.

    Raises:
        RuntimeError: when the link is on the host (NCCL exchanges device buffers).
    """
    _require_gpu_link(link, 'gather_grads')
    return _gather(link, 'grad')


def gather_params(link):
    """Puts the values of all the parameters of a GPU link into one float32 array.

    Raises:
        RuntimeError: when the link is on the host.
    """
    _require_gpu_link(link, 'gather_params')
    return _gather(link, 'data')


def scatter_grads(link, array):
    """Sets the gradients of the parameters of ``link`` from an array made by
    :func:`gather_grads`."""
    _scatter(link, array, 'grad')


def scatter_params(link, array):
    """Sets the values of the parameters of ``link`` from an array made by
    :func:`gather_params`."""
    _scatter(link, array, 'data')


#: Whether a batch goes to the model in Variables, judged once per model (each process
#: of the updater computes with one model).
_INPUT_STYLE = _batch_inputs.InputStyle(True)


def _compute_grads(model, converter, batch, device):
    """Forward and backward of ``model`` on a batch; the gradients stay in the model."""
    model.cleargrads()
    # v1 (which introduced this updater) wrapped the batch in Variables; v2+ models
    # get the arrays as they come
    loss = standard_updater.call_with_batch(model, converter(batch, device),
                                            as_variables=_INPUT_STYLE(model))
    model.cleargrads()
    loss.backward()


def _reduce(comm, nccl, array):
    """Sums ``array`` over the devices into the main device's copy, in place."""
    comm.reduce(array.data.ptr, array.data.ptr, array.size, nccl.NCCL_FLOAT,
                nccl.NCCL_SUM, 0, cuda.Stream.null.ptr)


def _broadcast(comm, nccl, array):
    """Copies the main device's ``array`` to every device, in place."""
    comm.bcast(array.data.ptr, array.size, nccl.NCCL_FLOAT, 0, cuda.Stream.null.ptr)


class _Worker(multiprocessing.get_context('spawn').Process):
    """A process driving one sub device: it computes the gradients of its own batches,
    sends them to the main device and receives the updated parameters.

    Started by the spawn method: a fork after CUDA is initialized is unusable, so the
    model (still on the host then), the iterator and the converter are pickled.
    """

    def __init__(self, proc_id, pipe, master):
        super().__init__()
        self.proc_id = proc_id
        self.pipe = pipe
        self.converter = master.converter
        self.model = master._master
        self.device = master._devices[proc_id]
        self.iterator = master._mpu_iterators[proc_id]
        self.n_devices = len(master._devices)

    def run(self):
        device = cuda.get_device_from_id(self.device)
        device.use()
        nccl = _nccl()
        _, comm_id = self.pipe.recv()
        comm = nccl.NcclCommunicator(self.n_devices, comm_id, self.proc_id)
        self.model.to_gpu(self.device)
        # The values reported here stay here, as in v1: only the main device reports.
        reporter = reporter_module.Reporter()
        observe_link(reporter, 'main', self.model)
        while True:
            job, _ = self.pipe.recv()
            if job == 'finalize':
                device.synchronize()
                break
            if job == 'update':
                with reporter.scope({}):
                    _compute_grads(self.model, self.converter, next(self.iterator),
                                   self.device)
                grads = gather_grads(self.model)
                _reduce(comm, nccl, grads)
                del grads
                self.model.cleargrads()
                params = gather_params(self.model)
                _broadcast(comm, nccl, params)
                scatter_params(self.model, params)


def _device_list(devices):
    """The device ids, the main one first (``devices`` is a list or a dict with a
    ``'main'`` entry)."""
    if isinstance(devices, dict):
        if 'main' not in devices:
            raise ValueError("a dict of devices needs a 'main' entry, got {!r}".format(
                devices))
        devices = [devices['main']] + [d for name, d in devices.items() if name != 'main']
    if devices is None or any(device is None for device in devices):
        raise ValueError('MultiprocessParallelUpdater needs a GPU device id for each '
                         'iterator, got {!r}'.format(devices))
    return list(devices)


def _scale_hyperparameters(optimizer, n_devices):
    """Adapts the optimizer to gradients summed over ``n_devices`` batches, as v1 does,
    and warns about the change."""
    power = _EPS_POWER.get(type(optimizer).__name__)
    if power is not None:
        optimizer.eps *= n_devices ** power
        changed = 'eps', optimizer.eps
    elif hasattr(optimizer, 'lr'):
        optimizer.lr /= n_devices
        changed = 'lr', optimizer.lr
    else:
        return
    warnings.warn('optimizer.{} is changed to {} by MultiprocessParallelUpdater for the '
                  'new batch size.'.format(*changed), stacklevel=3)


class MultiprocessParallelUpdater(standard_updater.StandardUpdater):
    """Data-parallel updater with one process per GPU, communicating through NCCL.

    Synchronous parallel SGD, like :class:`~chainer.training.ParallelUpdater`: each
    device reads a batch from its own iterator and computes the gradients on it; the
    gradients are summed on the main device, the main optimizer updates the main model
    and the new parameters are broadcast to the others. Since the gradient is that of
    the summed losses, the learning rate (or ``eps`` for Adam, AdaGrad, RMSprop,
    RMSpropGraves and AdaDelta) of the optimizer is adapted to the number of devices,
    with a warning, as in Chainer v1.24.

    The sub devices run in processes started by the ``spawn`` method: the model,
    their iterators and the converter must be picklable, and the script needs the
    usual ``if __name__ == '__main__':`` guard. Values reported on the sub devices are
    not collected; only the main device reports.

    Args:
        iterators (list): One dataset iterator per device, over datasets of the same
            length; the first is the main one.
        optimizer: Optimizer set up with the model (on the host).
        converter: Converts a batch into input arrays on a device;
            :func:`~chainer.dataset.concat_examples` by default.
        devices (list or dict): GPU ids, one per iterator; a dict is ordered with its
            ``'main'`` entry first.

    Raises:
        RuntimeError: when NCCL or CUDA devices are not available (see
            :meth:`available`).
    """

    def __init__(self, iterators, optimizer, converter=convert.concat_examples,
                 devices=None):
        if not MultiprocessParallelUpdater.available():
            raise RuntimeError('MultiprocessParallelUpdater needs NCCL and CUDA devices: '
                               + _unavailable_reason())
        devices = _device_list(devices)
        if len(iterators) != len(devices):
            raise ValueError('one iterator per device is needed: {} iterators for {} '
                             'devices'.format(len(iterators), len(devices)))
        if len({len(iterator.dataset) for iterator in iterators}) > 1:
            raise ValueError('the iterators must have datasets of the same length')
        _scale_hyperparameters(optimizer, len(devices))
        super().__init__(iterators[0], optimizer, converter=converter)
        self._master = optimizer.target
        self._devices = devices
        self._mpu_iterators = iterators
        self._initialized = False
        self._pipes = []
        self._workers = []
        self.comm = None

    @staticmethod
    def available():
        """Whether NCCL can be used: a CUDA backend with devices and NCCL support."""
        return _nccl() is not None

    def _send_message(self, message):
        for pipe in self._pipes:
            pipe.send(message)

    def setup_workers(self):
        """Starts the sub-device processes and the NCCL communicator (once)."""
        if self._initialized:
            return
        self._initialized = True
        self._master.cleargrads()
        context = multiprocessing.get_context('spawn')
        for proc_id in range(1, len(self._devices)):
            pipe, worker_end = context.Pipe()
            worker = _Worker(proc_id, worker_end, self)
            worker.start()
            self._workers.append(worker)
            self._pipes.append(pipe)
        with cuda.get_device_from_id(self._devices[0]):
            self._master.to_gpu(self._devices[0])
            if len(self._devices) > 1:
                nccl = _nccl()
                comm_id = nccl.get_unique_id()
                self._send_message(('set comm_id', comm_id))
                self.comm = nccl.NcclCommunicator(len(self._devices), comm_id, 0)

    def update_core(self):
        """One synchronous update over all the devices."""
        self.setup_workers()
        self._send_message(('update', None))
        with cuda.get_device_from_id(self._devices[0]):
            optimizer = self.get_optimizer('main')
            batch = next(self.get_iterator('main'))
            _compute_grads(self._master, self.converter, batch, self._devices[0])
            if self.comm is not None:
                nccl = _nccl()
                grads = gather_grads(self._master)
                _reduce(self.comm, nccl, grads)
                scatter_grads(self._master, grads)
                del grads
            optimizer.update()
            if self.comm is not None:
                _broadcast(self.comm, nccl, gather_params(self._master))
        if self.auto_new_epoch and self.is_new_epoch:
            optimizer.new_epoch(auto=True)

    def finalize(self):
        """Stops the sub-device processes and finalizes the iterators."""
        self._send_message(('finalize', None))
        for worker in self._workers:
            worker.join()
        super().finalize()
