"""pytest marks for tests with special needs.

``gpu``, ``cudnn``, ``multi_gpu(n)``, ``slow`` (and v7's ``ideep`` and ``chainerx``,
whose tests are always skipped here) mark tests (functions or classes) so
that ``pytest -m "not gpu"`` or ``-m "not slow"`` deselects them. The GPU marks also
skip the test when no usable GPU backend is installed (``chainer.cuda.available``), so
GPU tests never fail on a host without one. The marks are registered by the pytest
plugin :mod:`chainer.testing.pytest_plugin`.

pytest is optional, as in v7: without it, ``chainer.testing`` still imports (packages
built on Chainer import it at their own import time, e.g. ChainerCV's
``chainercv.utils``), :func:`is_available` is False, and the marks fall back to
:mod:`unittest`'s skips (``gpu``, ``cudnn``, ``multi_gpu`` skip without the device;
``ideep``, ``chainerx`` always skip; ``slow`` marks nothing).
"""
import unittest

try:
    import pytest
    _error = None
except ImportError as e:  # pytest is a test tool, not a requirement of chainer-core
    pytest = None
    _error = e

from chainer import _missing  # noqa: E402
from chainer import cuda  # noqa: E402


def is_available():
    """Returns whether pytest, which the marks are made with, is installed (v7)."""
    return _error is None


def check_available():
    """Raises RuntimeError saying why when pytest is not installed (v7)."""
    if _error is not None:
        raise RuntimeError('{} needs pytest, which is not available ({}: {}): pip install '
                           'pytest'.format(__name__, type(_error).__name__, _error))


def get_error():
    """Returns the ImportError of pytest, or None when it is installed (v7)."""
    return _error


def _dummy_callable(*args, **kwargs):
    """Stands for a pytest mark where pytest is missing: raises check_available()'s
    RuntimeError (v7's private name; ChainerCV's ``utils.testing.attr`` imports it)."""
    check_available()
    raise RuntimeError('pytest is available: use the pytest mark itself')


def _mark(name, *args):
    """``pytest.mark.<name>(*args)``, or a decorator that changes nothing without pytest."""
    if pytest is None:
        return lambda f: f
    return getattr(pytest.mark, name)(*args) if args else getattr(pytest.mark, name)


def _skip_if(condition, reason):
    if pytest is None:
        return unittest.skipIf(condition, reason)
    return pytest.mark.skipif(condition, reason=reason)


def _skip(reason):
    return unittest.skip(reason) if pytest is None else pytest.mark.skip(reason=reason)

#: name and description of every mark, registered by the pytest plugin.
MARKERS = {
    'gpu': 'test needs one GPU (skipped without a CUDA backend)',
    'cudnn': 'test needs cuDNN (skipped without it)',
    'multi_gpu(gpu_num)': 'test needs gpu_num GPUs (skipped without them)',
    'slow': 'slow test (deselect with -m "not slow")',
    'ideep': 'test needs iDeep (v7; not part of this project: always skipped)',
    'chainerx': 'test needs ChainerX (v7; not part of this project: always skipped)',
}


def _probe(attribute):
    """``(value, reason)`` of ``chainer.cuda.<attribute>``; a backend that fails to
    load counts as unavailable (its error is the skip reason) so that collecting
    tests never crashes on a broken GPU install."""
    try:
        return bool(getattr(cuda, attribute)), ''
    except Exception as e:  # noqa: BLE001 - any backend failure means "no GPU"
        return False, 'the CUDA backend failed to load: {}: {}'.format(
            type(e).__name__, e)


def _backend_reason(what):
    """The backend's own reason for ``what`` (``'gpu'``: why no GPU is usable: not
    installed, no device, driver too old, NVRTC or cuBLAS missing; ``'cudnn'``: why
    cuDNN is not, e.g. nvidia-cudnn-frontend missing or libcudnn not loading)."""
    try:
        backend = cuda._get_backend()
        if backend is None:
            return 'no CUDA backend is installed ({})'.format(
                _missing.install_hint('cupy-kernels[cuda12]'))
        get = getattr(backend, 'cudnn_unavailable_reason', None)
        if what == 'cudnn' and get is not None:
            return get()
        return backend.unavailable_reason() if not backend.available else ''
    except Exception as e:  # noqa: BLE001 - a broken backend: its error is the reason
        return 'the CUDA backend failed to load: {}: {}'.format(type(e).__name__, e)


def _gpu_available():
    available, reason = _probe('available')
    if available:
        return True, ''
    return False, 'needs a GPU: {}'.format(
        reason or _backend_reason('gpu') or 'no usable CUDA backend ({})'.format(
            _missing.install_hint('cupy-kernels[cuda12]')))


def _gpu_count():
    if not _gpu_available()[0]:
        return 0
    return cuda.cupy.cuda.runtime.getDeviceCount()


def _combine(*decorators):
    def decorate(f):
        for d in reversed(decorators):
            f = d(f)
        return f
    return decorate


def gpu(f):
    """Marks a test as needing a GPU; skipped when none is usable."""
    available, reason = _gpu_available()
    return _combine(_mark('gpu'), _skip_if(not available, reason))(f)


def cudnn(f):
    """Marks a test as needing cuDNN (and a GPU); skipped when cuDNN is unusable."""
    enabled, reason = _probe('cudnn_enabled')
    if not enabled:
        reason = 'needs cuDNN: {}'.format(reason or _backend_reason('cudnn') or
                                          'the CUDA backend reports no cuDNN')
    return _combine(_mark('gpu'), _mark('cudnn'), _skip_if(not enabled, reason))(f)


def multi_gpu(gpu_num):
    """Returns a decorator marking a test as needing ``gpu_num`` GPUs.

    Args:
        gpu_num (int): number of GPUs the test uses.
    """
    if not isinstance(gpu_num, int) or gpu_num < 1:
        raise ValueError('gpu_num must be a positive int, got {!r}'.format(gpu_num))
    available = _gpu_count()
    return _combine(
        _mark('gpu'), _mark('multi_gpu', gpu_num),
        _skip_if(available < gpu_num,
                 'needs {} GPUs, {} available'.format(gpu_num, available)))


#: Marks a test as slow (deselect with ``-m "not slow"``; marks nothing without pytest).
slow = _mark('slow')


def ideep(f):
    """Marks a test as needing iDeep (v7's ``attr.ideep``). iDeep is not part of this
    project, so the test is always skipped, as v7 skipped it on a host without iDeep."""
    return _combine(_mark('ideep'), _skip(
        'needs iDeep, which is not part of this project'))(f)


def chainerx(f):
    """Marks a test as needing ChainerX (v7's ``attr.chainerx``). ChainerX is not part of
    this project, so the test is always skipped."""
    return _combine(_mark('chainerx'), _skip(
        'needs ChainerX, which is not part of this project'))(f)
