"""Device facade: numpy on the host, and a GPU backend when one is installed.

Core ships no GPU code (and never imports CuPy). A backend (the ``cupy-kernels``
distribution) registers itself under the ``chainer.backends`` entry-point group; it is
looked up lazily, on the first call that needs it, and the result is cached. Without a
backend everything here works for numpy arrays and any GPU request raises an error that
names the package to install;
with the backend but no device, the error carries the backend's reason.

Documented v1 API: ``cupy``, ``ndarray``, ``Device``, ``Event``, ``Stream``,
``available``, ``cudnn_enabled`` (``CHAINER_CUDNN=0`` disables cuDNN), ``get_device``,
``get_device_from_id``, ``get_device_from_array`` (v1.24),
``DummyDevice``, ``to_gpu``, ``to_cpu``, ``copy``, ``get_array_module``, the deprecated
``empty``/``zeros``/``ones``/``full`` (and ``*_like``) float32 wrappers, ``memoize``,
``clear_memo``, ``elementwise``, ``reduce``, ``init``, ``memory_pool``; ``kernel(name)``
returns a kernel of the backend's library. ``GpuDevice`` is the v4+ device class
(:mod:`chainer.backends.cuda` is this same module). ``CHAINER_SEED`` seeds the GPU generator.
"""
import numpy

from chainer import _missing

_INSTALL_HINT = ('no CUDA backend is installed: install it with ' +
                 _missing.install_hint('cupy-kernels[cuda12]') +
                 ' (or cupy-kernels[cuda13] for a CUDA 13 driver)')

_backend_cache = []


class _BrokenBackend(object):
    """Stands for a registered backend that failed to load: unavailable, with why."""

    available = False
    cudnn_enabled = False

    def __init__(self, error):
        self._error = error

    def unavailable_reason(self):
        return ('the installed CUDA backend failed to load ({}: {}); reinstall it with '
                '{}'.format(type(self._error).__name__, self._error,
                            _missing.install_hint('cupy-kernels[cuda12]', '--force-reinstall')))

    def get_array_module(self, *args):
        return numpy


def _get_backend():
    """Returns the loaded ``cuda`` backend object, or None (looked up once).

    A backend whose entry point fails to import counts as unavailable: every GPU
    request then raises with the import error as the reason.
    """
    if not _backend_cache:
        from chainer import _plugins
        try:
            backend = _plugins.load_backend('cuda')
        except Exception as e:  # a broken install must not break CPU-only use
            backend = _BrokenBackend(e)
        _backend_cache.append(backend)
    return _backend_cache[0]


class DummyDeviceType(object):
    """Stand-in for a device on the host: a no-op context manager with ``id == -1``."""

    id = -1

    def __int__(self):
        return -1

    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass

    def use(self):
        """Does nothing: the host needs no device selected."""

    def synchronize(self):
        """Does nothing: host computation is synchronous."""

    def __eq__(self, other):
        return isinstance(other, DummyDeviceType)

    def __hash__(self):
        return hash(-1)


#: The dummy device object used for host (numpy) arrays.
DummyDevice = DummyDeviceType()


def get_array_module(*args):
    """Returns :mod:`numpy` or :mod:`cupy` depending on where the arguments live.

    Variables are looked through to their data. With no GPU array among the arguments
    (or no backend installed) this returns :mod:`numpy`.
    """
    for a in args:
        if not isinstance(a, numpy.ndarray) and not hasattr(a, '__cuda_array_interface__'):
            a = getattr(a, 'data', a)  # a Variable's array (a GPU array's .data is memory)
        if not isinstance(a, (numpy.ndarray, numpy.generic)) and \
                hasattr(a, '__cuda_array_interface__'):
            backend = _get_backend()
            if backend is not None:
                return backend.get_array_module(*args)
    return numpy


def _is_host(array):
    return array is None or isinstance(array, (numpy.ndarray, numpy.generic))


def to_cpu(array, stream=None):
    """Copies an array to the host.

    numpy arrays (and None) pass through unchanged; numpy and Python scalars become
    0-d numpy arrays of their dtype (v2+); GPU arrays are copied to the host.
    """
    if array is None or isinstance(array, numpy.ndarray):
        return array
    if isinstance(array, (numpy.generic, bool, int, float, complex)):
        return numpy.asarray(array)
    if not hasattr(array, '__cuda_array_interface__'):
        raise TypeError('to_cpu expects a numpy.ndarray, a GPU array or a scalar, '
                        'got {}'.format(type(array).__name__))
    backend = _get_backend()
    if backend is None:
        raise TypeError(
            'to_cpu expects a numpy.ndarray or a GPU array, got {}'.format(type(array)))
    return backend.to_cpu(array, stream)


def to_gpu(array, device=None, stream=None):
    """Copies an array to a GPU device (requires the ``cupy-kernels`` backend)."""
    backend = _get_backend()
    if backend is None or not backend.available:
        raise RuntimeError('to_gpu needs a GPU: ' + _backend_reason(backend))
    return backend.to_gpu(array, device, stream)


def _backend_reason(backend):
    if backend is None:
        return _INSTALL_HINT
    return backend.unavailable_reason()


_max_workspace_size = 8 * 1024 * 1024


def set_max_workspace_size(size):
    """Sets the workspace size (in bytes) that cuDNN algorithms may use.

    Args:
        size (int): The workspace size for cuDNN, a non-negative number of bytes.
    """
    global _max_workspace_size
    if isinstance(size, bool) or not isinstance(size, (int, numpy.integer)) or size < 0:
        raise ValueError('size must be a non-negative int (bytes), got {!r}'.format(size))
    _max_workspace_size = int(size)


def get_max_workspace_size():
    """Returns the workspace size (in bytes) that cuDNN algorithms may use."""
    return _max_workspace_size


def kernel(name):
    """Returns the GPU kernel ``name`` from the backend's kernel library.

    Functions of ``chainer.functions`` call this in their GPU paths for the work that
    array-generic code cannot do; the names are the stable contract between
    chainer-links and cupy-kernels.

    Raises:
        RuntimeError: when no usable GPU backend is installed.
        KeyError: when the backend has no kernel of that name.
    """
    backend = _get_backend()
    if backend is None or not backend.available:
        raise RuntimeError('GPU kernel {!r} needs a GPU: {}'.format(
            name, _backend_reason(backend)))
    return backend.kernel(name)


def check_cuda_available():
    """Raises :class:`RuntimeError` with the reason when CUDA cannot be used."""
    backend = _get_backend()
    if backend is None or not backend.available:
        raise RuntimeError('CUDA environment is not correctly set up: ' +
                           _backend_reason(backend))


def get_device_from_id(device_id):
    """Returns the GPU device of the integer id ``device_id``, or :data:`DummyDevice`
    for None (the v1.24 replacement of ``get_device(int)``).

    Raises:
        RuntimeError: for an id when CUDA is unavailable, saying what to install.
    """
    if device_id is None:
        return DummyDevice
    backend = _require_backend('get_device_from_id({!r})'.format(device_id))
    return backend.get_device(int(device_id))


def get_device_from_array(*arrays):
    """Returns the device of the first GPU array among ``arrays``, else
    :data:`DummyDevice` (numpy arrays and scalars live on the host)."""
    for array in arrays:
        if not hasattr(array, '__cuda_array_interface__'):
            continue  # host arrays, scalars and ids select no device here
        device = _gpu_device_of(array)
        if device is not None:
            return device
    return DummyDevice


def _gpu_device_of(arg):
    # The backend knows CuPy's types; without a usable one no GPU object can exist.
    backend = _get_backend()
    if backend is None or not backend.available:
        return None
    return backend.get_device(arg)


def get_device(*args):
    """Returns the device of the first device object, integer id or GPU array among
    ``args``, else :data:`DummyDevice` (v1.24 prefers :func:`get_device_from_id` and
    :func:`get_device_from_array`, which do not guess what an argument is).

    A non-negative int selects that GPU id and raises RuntimeError, saying what to
    install, when CUDA is unavailable; a negative id means the host.
    """
    for a in args:
        if isinstance(a, (int, numpy.integer)) and not isinstance(a, bool):
            if a < 0:
                continue
            return get_device_from_id(a)
        if _is_host(a):
            continue
        device = _gpu_device_of(a)
        if device is not None:
            return device
    return DummyDevice


def _get_device_or_current(device):
    """The GPU device ``device`` names: the current one for None, the device itself
    for a device object, ``Device(id)`` for a non-negative int (v2+; needs a GPU).

    Raises:
        ValueError: for anything else.
        RuntimeError: without a usable GPU backend.
    """
    backend = _require_backend('cuda._get_device_or_current')
    if device is None:
        return backend.cupy.cuda.Device()
    if isinstance(device, backend.cupy.cuda.Device):
        return device
    if isinstance(device, bool) or not isinstance(device, (int, numpy.integer)) or \
            device < 0:
        raise ValueError('Invalid CUDA device specifier: {}'.format(device))
    return backend.cupy.cuda.Device(int(device))


def _require_backend(what):
    """Returns the usable backend, or raises RuntimeError naming ``what`` and the fix."""
    backend = _get_backend()
    if backend is None or not backend.available:
        raise RuntimeError('{} needs a GPU: {}'.format(what, _backend_reason(backend)))
    return backend


def memoize(for_each_device=False):
    """Makes a function memoizing its result per arguments (and per device when
    ``for_each_device``). Without a usable GPU backend it returns the function unchanged,
    so it can decorate module-level kernel factories."""
    backend = _get_backend()
    if backend is None or not backend.available:
        return lambda f: f
    return backend.memoize(for_each_device)


def clear_memo():
    """Clears the caches of :func:`memoize`'d functions and built kernels (no-op without
    a GPU backend)."""
    backend = _get_backend()
    if backend is not None and backend.available:
        backend.clear_memo()


def elementwise(*args, **kwargs):
    """Creates a ``cupy.ElementwiseKernel`` (``name`` mandatory), memoized per arguments
    and device."""
    return _require_backend('cuda.elementwise').elementwise(*args, **kwargs)


def reduce(*args, **kwargs):
    """Creates a ``cupy.ReductionKernel`` (``name`` mandatory), memoized per arguments
    and device."""
    return _require_backend('cuda.reduce').reduce(*args, **kwargs)


def copy(array, out=None, out_device=None, stream=None):
    """Copies a GPU array, to ``out`` or to a new array on ``out_device``."""
    return _require_backend('cuda.copy').copy(array, out, out_device, stream)


from chainer._cuda_kernel_factories import fuse, raw  # noqa: E402,F401
from chainer._cudnn_policy import should_use_cudnn  # noqa: E402,F401
from chainer._cudnn_policy import should_use_cudnn_tensor_core  # noqa: E402,F401


def init(arg=None):
    """Checks that CUDA is usable, selects the device ``arg`` and seeds the GPU random
    generator from ``CHAINER_SEED``."""
    _require_backend('cuda.init').init(arg)


def _creator(name):
    def create(*args, **kwargs):
        return getattr(_require_backend('cuda.' + name), name)(*args, **kwargs)
    create.__name__ = name
    create.__doc__ = ('Deprecated wrapper of ``cupy.{}`` that defaults to float32; '
                      'needs the GPU backend.'.format(name))
    return create


empty, empty_like, zeros, zeros_like, ones, ones_like, full, full_like = [
    _creator(n) for n in ('empty', 'empty_like', 'zeros', 'zeros_like', 'ones',
                          'ones_like', 'full', 'full_like')]

#: Names resolved from the backend on access (CuPy classes and the memory pool).
_BACKEND_ATTRIBUTES = ('cupy', 'ndarray', 'Device', 'Event', 'Stream', 'memory_pool',
                       'cudnn')


class _NoGPUArray(object):
    """``cuda.ndarray`` without a usable GPU: a class no array is an instance of, as in
    v1, so that CPU code may test ``isinstance(x, cuda.ndarray)``."""


class _UnavailableCupy(object):
    """What ``chainer.cuda.cupy`` is without a usable GPU backend (v2+): an object that
    no array module is, so that ``xp is cuda.cupy`` is simply False; reading anything
    from it raises AttributeError with the reason (v1 left the name undefined)."""

    __slots__ = ('_reason',)

    def __init__(self, reason):
        object.__setattr__(self, '_reason', reason)

    def __getattr__(self, name):
        raise AttributeError('chainer.cuda.cupy.{} is not available: {}'.format(
            name, self._reason))

    def __eq__(self, other):
        return isinstance(other, _UnavailableCupy)

    def __hash__(self):
        return hash(_UnavailableCupy)

    def __repr__(self):
        return '<chainer.cuda.cupy: not available>'


def __getattr__(name):
    # Lazy module attributes: resolving them may load the backend.
    if name == 'GpuDevice':  # v4+ device class (chainer.backends.cuda.GpuDevice)
        from chainer.backends._cuda_device import GpuDevice
        return GpuDevice
    if name == 'available':
        backend = _get_backend()
        return backend is not None and backend.available
    if name == 'cudnn_enabled':
        backend = _get_backend()
        return backend is not None and backend.available and backend.cudnn_enabled
    if name in _BACKEND_ATTRIBUTES:
        backend = _get_backend()
        if name == 'ndarray' and (backend is None or not backend.available):
            return _NoGPUArray
        if name == 'cupy' and (backend is None or not backend.available):
            return _UnavailableCupy(_backend_reason(backend))
        if backend is None or not backend.available:
            raise AttributeError('chainer.cuda.{} is not available: {}'.format(
                name, _backend_reason(backend)))
        try:
            return getattr(backend, name)
        except RuntimeError as e:  # e.g. cudnn disabled: keep AttributeError semantics
            raise AttributeError('chainer.cuda.{} is not available: {}'.format(name, e))
    backend = _get_backend()
    if backend is not None and backend.available and hasattr(backend, name):
        return getattr(backend, name)
    raise AttributeError('module chainer.cuda has no attribute {!r}'.format(name))
