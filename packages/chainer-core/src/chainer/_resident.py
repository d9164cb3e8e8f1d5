"""The base class :class:`DeviceResident` (Chainer v7's), kept apart from the
visitors of :mod:`chainer.device_resident` so that defining a subclass (``Link``,
at ``import chainer``) loads no device module: the device API is imported on first
use. See :mod:`chainer.device_resident` for the whole story."""
import contextlib
import threading
import warnings

from chainer import _per_class

#: Methods a subclass may not override (v7 marks them final): TypeError at class creation.
_FINAL = ('to_device', 'to_chx', 'from_chx')
#: Deprecated v7 methods: a subclass overriding one gets a DeprecationWarning, and the
#: override is called when its tree moves to the matching device.
_LEGACY = ('to_cpu', 'to_gpu', 'to_intel64')
_LEGACY_TARGET = {'to_cpu': '@numpy', 'to_gpu': '@cupy:N', 'to_intel64': '@intel64'}

_overridden_cache = {}

_legacy_moves = threading.local()


def warn_legacy_move(name, stacklevel):
    """Warns that the v1 method ``name`` (``to_cpu``, ``to_gpu``, ``to_intel64``) is
    deprecated, as v7 does, unless it runs inside another such move (a child's or an
    override's ``super()`` call): one warning per call of the user's."""
    if not getattr(_legacy_moves, 'depth', 0):
        warnings.warn('{} is deprecated: use to_device({!r}) instead'.format(
            name, _LEGACY_TARGET[name]), DeprecationWarning, stacklevel=stacklevel + 1)


@contextlib.contextmanager
def legacy_move(name):
    """Context of a v1 move ``name``: warns once (see :func:`warn_legacy_move`)."""
    warn_legacy_move(name, 4)
    depth = getattr(_legacy_moves, 'depth', 0)
    _legacy_moves.depth = depth + 1
    try:
        yield
    finally:
        _legacy_moves.depth = depth


def _legacy_base(cls):
    # The class whose to_* methods count as "not overridden": DeviceResident, or the
    # nearest base that defines them as supported (non-deprecated) methods (Link).
    for klass in cls.__mro__:
        if klass.__dict__.get('_legacy_to_methods_deprecated') is False:
            return klass
    return DeviceResident


def _overridden_methods(cls):
    """The legacy ``to_*`` methods ``cls`` overrides (cached per class)."""
    found = _overridden_cache.get(id(cls))
    if found is None:
        base = _legacy_base(cls)
        found = tuple(name for name in _LEGACY
                      if getattr(cls, name, None) is not getattr(base, name))
        _per_class.remember(_overridden_cache, cls, found)
    return found


class _HostByDefault(object):
    """The class-level default of ``DeviceResident._device``: the host device, made
    on first access (a resident's own ``_device``, set when it moves, hides it)."""

    _host = None

    def __get__(self, instance, owner):
        host = _HostByDefault._host
        if host is None:
            from chainer import backend
            host = _HostByDefault._host = backend.CpuDevice()
        return host


class DeviceResident(object):
    """Base class (or mixin) of objects that reside on a device with their arrays.

    A subclass describes what it owns by overriding :meth:`device_resident_accept`
    (calling ``super().device_resident_accept(visitor)`` first, then
    ``visitor.visit_array`` for each array attribute, storing the array it returns,
    ``visitor.visit_variable`` for each Variable, and ``child.device_resident_accept``
    for each child resident). A resident starts on the host (``'@numpy'``).

    ``to_device``, ``to_chx`` and ``from_chx`` may not be overridden (TypeError when the
    subclass is created); overriding ``to_cpu``, ``to_gpu`` or ``to_intel64`` warns
    DeprecationWarning, as in v7, except below a class whose
    ``_legacy_to_methods_deprecated`` is False (:class:`chainer.Link`, where they are
    v1's methods).
    """

    _device = _HostByDefault()

    #: True: ``to_cpu``/``to_gpu``/``to_intel64`` are v7's deprecated methods, which
    #: warn and whose overriding warns. A base that keeps them as supported methods
    #: (:class:`chainer.Link`, for v1 code) sets it False in its own class body.
    _legacy_to_methods_deprecated = True

    def __init__(self):
        self._overridden_to_methods = _overridden_methods(type(self))

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in _FINAL:
            if name in cls.__dict__:
                raise TypeError(
                    '{}.{} overrides the final method DeviceResident.{}: override '
                    'device_resident_accept to move further arrays'.format(
                        cls.__name__, name, name))
        if not getattr(cls, '_legacy_to_methods_deprecated', True):
            return  # overriding a supported to_cpu/to_gpu (a Link subclass): no warning
        for name in _LEGACY:
            if name in cls.__dict__:
                warnings.warn(
                    '{}.{} overrides DeviceResident.{}, which is deprecated: override '
                    'device_resident_accept and use to_device({!r})'.format(
                        cls.__name__, name, name, _LEGACY_TARGET[name]),
                    DeprecationWarning, stacklevel=2)

    def device_resident_accept(self, visitor):
        """Applies ``visitor`` to this resident and everything it owns on its device.

        The base implementation visits this resident itself; subclasses owning arrays,
        Variables or child residents extend it.

        Args:
            visitor (DeviceResidentsVisitor): the visitor.
        """
        visitor.visit_device_resident(self)

    @property
    def device(self):
        """The :class:`~chainer.backend.Device` this object resides on."""
        return self._device

    @property
    def xp(self):
        """The array module of :attr:`device` (:mod:`numpy` or :mod:`cupy`)."""
        device = self.device
        return None if device is None else device.xp

    def to_device(self, device):
        """Moves everything this object owns to ``device`` and records it as the
        object's device.

        Args:
            device: a device specifier (see :func:`chainer.get_device`).

        Returns:
            self
        """
        import chainer
        from chainer.device_resident import _ToDeviceVisitor
        self.device_resident_accept(_ToDeviceVisitor(chainer.get_device(device)))
        return self

    def to_cpu(self):
        """Moves everything this object owns to the host (deprecated in v7: use
        ``to_device('@numpy')``; warns DeprecationWarning).

        Returns:
            self
        """
        from chainer import backend
        from chainer.device_resident import _ToDeviceVisitor
        self.device_resident_accept(_ToDeviceVisitor(
            backend.CpuDevice(), entry=('to_cpu', {}), start=self))
        return self

    def to_gpu(self, device=None):
        """Moves everything this object owns to a GPU (deprecated in v7: use
        ``to_device('@cupy:N')``; warns DeprecationWarning). Arrays already on a GPU stay
        where they are (with a RuntimeWarning when that is another GPU); ``to_device``
        moves them.

        Args:
            device: a GPU id, a CUDA device object, or None for the current CUDA device.

        Returns:
            self

        Raises:
            RuntimeError: when no usable CUDA backend or GPU is present.
        """
        from chainer import backend
        from chainer import cuda
        from chainer.device_resident import _ToDeviceVisitor
        cuda.check_cuda_available()
        if device is None:
            cuda_device = cuda.Device()
        elif isinstance(device, cuda.Device):
            cuda_device = device
        else:
            cuda_device = backend.GpuDevice.from_device_id(device).device
        gpu = backend.GpuDevice(cuda_device)
        self.device_resident_accept(_ToDeviceVisitor(
            gpu, entry=('to_gpu', {'device': cuda_device}), skip_gpu_arrays=True,
            start=self))
        return self

    def to_intel64(self):
        """Moves everything this object owns to the iDeep device (deprecated in v7).

        Raises:
            RuntimeError: always here, as iDeep is not part of this project.
        """
        from chainer.backends import intel64
        intel64.check_ideep_available()
        return self

    def to_chx(self):
        """Converts what this object owns to ChainerX arrays.

        Raises:
            RuntimeError: always here, as ChainerX is not part of this project.
        """
        from chainer.backends import _chainerx
        raise _chainerx._unavailable('cannot move {} to ChainerX'.format(
            type(self).__name__))

    def from_chx(self):
        """Converts ChainerX arrays this object owns back to numpy/CuPy. As no ChainerX
        array exists here, nothing changes.

        Returns:
            self
        """
        return self
