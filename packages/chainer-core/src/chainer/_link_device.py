"""Moving a :class:`chainer.Link` hierarchy between devices.

Two paths move a link. v4+'s ``to_device`` goes through the visitor of
:mod:`chainer.device_resident` (:func:`accept` tells it what a link owns). v1's
``to_cpu``/``to_gpu`` keep their v1 behaviour: each link moves its own parameters and
persistent arrays, then calls its children's ``to_cpu``/``to_gpu``, so that a link
keeping extra device state (a recurrent state, a sampler) overrides them and calls
``super()``. Both record the link's :attr:`~chainer.Link.device`, where an
uninitialized parameter is later initialized.
"""
import numpy

from chainer import _resident
from chainer import cuda


def accept(link, visitor):
    """Applies ``visitor`` to ``link``'s parameters and persistent arrays (the
    children are visited by the caller)."""
    d = link.__dict__
    for name in sorted(link._params):
        visitor.visit_variable(d[name])
    for name in sorted(link._persistent):
        value = d[name]
        if isinstance(value, numpy.ndarray) or _is_device_array(value):
            d[name] = visitor.visit_array(value)


def _is_device_array(value):
    return hasattr(value, '__cuda_array_interface__') and not cuda._is_host(value)


def move_own_to_cpu(link):
    """Moves ``link``'s own parameters and persistent arrays to the host (v1)."""
    if link._cpu:
        return
    d = link.__dict__
    for name in sorted(link._params):
        d[name].to_cpu()
    for name in sorted(link._persistent):
        if _is_device_array(d[name]):
            d[name] = cuda.to_cpu(d[name])
    from chainer import backend
    link._device = backend.CpuDevice()


def gpu_device(device):
    """The :class:`~chainer.backend.GpuDevice` of a v1 ``to_gpu`` argument (an id,
    a CUDA device object, or None for the current device)."""
    from chainer import backend
    cuda.check_cuda_available()
    if device is None:
        return backend.GpuDevice(cuda.Device())
    if isinstance(device, cuda.Device):
        return backend.GpuDevice(device)
    if isinstance(device, backend.GpuDevice):
        return device
    return backend.GpuDevice.from_device_id(device)


def move_own_to_gpu(link, device):
    """Moves ``link``'s own host parameters and persistent arrays to a GPU (v1: a
    link already on a GPU stays where it is)."""
    if not link._cpu:
        return
    gpu = gpu_device(device)
    device_id = gpu.device.id
    d = link.__dict__
    for name in sorted(link._params):
        d[name].to_gpu(device_id)
    for name in sorted(link._persistent):
        if isinstance(d[name], numpy.ndarray):
            d[name] = cuda.to_gpu(d[name], device_id)
    link._device = gpu


def place_parameter(link, param):
    """Puts a parameter newly registered to ``link`` on the link's device (its data,
    or, while it is uninitialized, its later initialization)."""
    if not link._cpu:
        from chainer import device_resident
        device_resident._send_variable(param, link.device)


def scope(link):
    """A context making ``link``'s device the current one (for allocations)."""
    return link.device.create_context()


class DeviceMixin(object):
    """The device part of :class:`chainer.Link` (a base of it, placed before
    :class:`~chainer.DeviceResident`): v1's ``_cpu``/``_device_id``, ``xp``, what
    ``to_device`` visits, and v1's ``to_cpu``/``to_gpu``."""

    @property
    def _cpu(self):
        # v1's attribute: True while the link is on the host.
        return self._device.xp is numpy

    @property
    def _device_id(self):
        # v1's attribute: the GPU id of the link, None on the host.
        device = self._device
        return getattr(getattr(device, 'device', None), 'id', None) \
            if device.xp is not numpy else None

    @property
    def xp(self):
        """Array module of this link: :mod:`numpy` on the host, cupy on a GPU."""
        return self._device.xp

    def device_resident_accept(self, visitor):
        """Applies ``visitor`` to this link, its parameters, its persistent arrays
        and its children (see :class:`~chainer.DeviceResident`)."""
        super(DeviceMixin, self).device_resident_accept(visitor)
        accept(self, visitor)
        for child in self.children():
            child.device_resident_accept(visitor)

    def to_cpu(self):
        """Copies parameters and persistent arrays of the hierarchy to the host.

        Each child's own ``to_cpu`` is called, so a link that keeps extra device
        state (e.g. a recurrent state) can override it and call ``super()``.
        Attributes that are not registered are not handled. Warns DeprecationWarning
        once per call, as v7 does (``to_device('@numpy')`` does the same).

        Returns:
            self
        """
        with _resident.legacy_move('to_cpu'):
            move_own_to_cpu(self)
            for child in self.children():
                child.to_cpu()
        return self

    def to_gpu(self, device=None):
        """Copies parameters and persistent arrays of the hierarchy to a GPU.

        Each child's own ``to_gpu`` is called (see :meth:`to_cpu`). As in v1, a link
        already on a GPU stays there; :meth:`to_device` moves between GPUs. Warns
        DeprecationWarning once per call, as v7 does.

        Args:
            device: device id (or CUDA device); the current device when omitted.

        Returns:
            self
        """
        cuda.check_cuda_available()
        with _resident.legacy_move('to_gpu'):
            move_own_to_gpu(self, device)
            for child in self.children():
                child.to_gpu(device)
        return self
