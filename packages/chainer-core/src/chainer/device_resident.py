"""Objects that live on a device and move with their arrays (Chainer v7's
:class:`DeviceResident`, the base of ``Link``), and the visitors that move them.

A device resident keeps its :attr:`~DeviceResident.device`; ``to_device`` sends the
arrays and Variables it owns to another device through a visitor: the resident's
:meth:`~DeviceResident.device_resident_accept` hands each of its arrays, Variables and
child residents to the visitor. The v1 spellings ``to_cpu``/``to_gpu`` (and v7's
``to_intel64``) still work and warn DeprecationWarning, as in v7; a subclass that
overrides one of them gets it called when its tree is moved by the matching device.
"""
import abc
import warnings

from chainer import _resident
from chainer import backend
from chainer._resident import _LEGACY_TARGET, _overridden_methods  # noqa: F401
from chainer._resident import DeviceResident  # noqa: F401  (defined there, see it)


class DeviceResidentsVisitor(abc.ABC):
    """Base class of the visitors :meth:`DeviceResident.device_resident_accept` applies:
    a subclass defines the three ``visit_*`` methods."""

    @abc.abstractmethod
    def visit_device_resident(self, device_resident):
        """Processes a :class:`DeviceResident` itself (not what it owns)."""

    @abc.abstractmethod
    def visit_array(self, arr):
        """Processes an array the resident owns and returns the array to keep in its
        place (the same one when nothing changes)."""

    @abc.abstractmethod
    def visit_variable(self, param):
        """Processes a :class:`~chainer.Variable` (or Parameter) the resident owns, in
        place."""


def _legacy_call(device):
    # The legacy method and keyword arguments that move a resident to ``device``.
    if isinstance(device, backend.CpuDevice):
        return 'to_cpu', {}
    if isinstance(device, backend.GpuDevice):
        return 'to_gpu', {'device': device.device.id}
    if isinstance(device, backend.Intel64Device):
        return 'to_intel64', {}
    return None, {}


def _send_variable(variable, device):
    if hasattr(variable, 'to_device'):
        variable.to_device(device)
    elif isinstance(device, backend.CpuDevice):
        variable.to_cpu()
    elif isinstance(device, backend.GpuDevice):
        variable.to_gpu(device.device.id)
    else:
        raise TypeError('cannot move a Variable to {}'.format(device))


class _ToDeviceVisitor(DeviceResidentsVisitor):
    """Moves a tree of residents to one device.

    ``entry`` is the legacy method and keyword arguments the move started from (warns
    DeprecationWarning), ``start`` the resident it started at (whose own override is not
    called again), ``skip_gpu_arrays`` leaves arrays already on a GPU in place (v1's
    ``to_gpu``).
    """

    def __init__(self, device, entry=None, skip_gpu_arrays=False, start=None):
        if entry is not None:
            _resident.warn_legacy_move(entry[0], 4)
        self._device = device
        self._entry = entry
        self._skip_gpu_arrays = skip_gpu_arrays
        self._start = start

    def visit_device_resident(self, device_resident):
        device_resident._device = self._device
        overridden = _overridden_methods(type(device_resident))
        if not overridden or device_resident is self._start:
            return
        name, kwargs = self._entry if self._entry is not None else \
            _legacy_call(self._device)
        if name in overridden:
            getattr(device_resident, name)(**kwargs)

    def _stays(self, device):
        if self._skip_gpu_arrays and isinstance(device, backend.GpuDevice):
            if device.device.id != self._device.device.id:
                warnings.warn(
                    'to_gpu() leaves arrays already on GPU {} there (the target is GPU '
                    '{}): use to_device() to move them between GPUs'.format(
                        device.device.id, self._device.device.id), RuntimeWarning)
            return True
        return False

    def visit_array(self, arr):
        """Returns ``arr`` on the target device."""
        if self._stays(backend.get_device_from_array(arr)):
            return arr
        return self._device.send(arr)

    def visit_variable(self, param):
        """Moves the Variable's data (and gradient) to the target device."""
        data = param.data
        if data is not None and self._stays(backend.get_device_from_array(data)):
            return
        _send_variable(param, self._device)

