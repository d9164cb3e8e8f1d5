"""Device facade: numpy on the host, and a GPU backend when one is installed.

Core ships no GPU code. A backend (the ``cupy-kernels`` distribution) registers itself
under the ``chainer.backends`` entry-point group; it is looked up lazily, on the first
call that needs it, and the result is cached. Without a backend everything here works
for numpy arrays and any GPU request raises an error that names the package to install.
"""
import numpy

_INSTALL_HINT = ('no CUDA backend is installed: install it with '
                 '`pip install cupy-kernels[cuda12]` (or `cupy-kernels[cuda13]`)')

_backend_cache = []


def _get_backend():
    """Returns the loaded ``cuda`` backend object, or None (looked up once)."""
    if not _backend_cache:
        from chainer import _plugins
        _backend_cache.append(_plugins.load_backend('cuda'))
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
        pass

    def synchronize(self):
        pass

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
        a = getattr(a, 'data', a) if not isinstance(a, numpy.ndarray) else a
        if not isinstance(a, (numpy.ndarray, numpy.generic)) and \
                hasattr(a, '__cuda_array_interface__'):
            backend = _get_backend()
            if backend is not None:
                return backend.get_array_module(*args)
    return numpy


def _is_host(array):
    return array is None or isinstance(array, (numpy.ndarray, numpy.generic))


def to_cpu(array, stream=None):
    """Copies an array to the host. numpy arrays (and None) pass through unchanged."""
    if _is_host(array):
        return array
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


def get_device(*args):
    """Returns the device of the first GPU array among ``args``, else :data:`DummyDevice`.

    An int argument selects that GPU id (requires the backend).
    """
    for a in args:
        if isinstance(a, (numpy.ndarray, numpy.generic)) or a is None:
            continue
        if type(a) is int and a < 0:
            continue
        backend = _get_backend()
        if backend is None:
            if isinstance(a, int):
                raise RuntimeError('get_device({}) needs a GPU: {}'.format(a, _INSTALL_HINT))
            continue
        device = backend.get_device(a)
        if device is not None:
            return device
    return DummyDevice


def __getattr__(name):
    # Lazy module attributes: resolving them may load the backend.
    if name == 'available':
        backend = _get_backend()
        return backend is not None and backend.available
    if name == 'cudnn_enabled':
        backend = _get_backend()
        return backend is not None and backend.available and backend.cudnn_enabled
    if name == 'cupy':
        backend = _get_backend()
        if backend is None or not backend.available:
            raise AttributeError('chainer.cuda.cupy is not available: ' +
                                 _backend_reason(backend))
        return backend.cupy
    backend = _get_backend()
    if backend is not None and hasattr(backend, name):
        return getattr(backend, name)
    raise AttributeError('module chainer.cuda has no attribute {!r}'.format(name))
