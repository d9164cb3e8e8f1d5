"""The gpu/cudnn marks skip with the backend's own reason (no device, driver too old,
NVRTC or cuDNN missing and why), and ``chainer.should_use_cudnn`` asks the backend for
the cuDNN version (cuDNN may be reached through nvidia-cudnn-frontend, where CuPy has no
``cupy.cuda.cudnn``). Stand-in backends: no GPU needed."""
import numpy
import pytest

import chainer
from chainer import cuda
from chainer.testing import attr


class _Backend(object):
    """A stand-in CUDA backend: ``reason`` ('' when usable), cuDNN state."""

    def __init__(self, reason='', cudnn_reason='', version=92801, tensor_core=True):
        self._reason, self._cudnn_reason = reason, cudnn_reason
        self.cudnn_version, self._tensor_core = version, tensor_core

    @property
    def available(self):
        return not self._reason

    @property
    def cudnn_enabled(self):
        return self.available and not self._cudnn_reason

    def unavailable_reason(self):
        return self._reason

    def cudnn_unavailable_reason(self):
        if self._reason:
            return 'CUDA is not available: ' + self._reason
        return self._cudnn_reason

    def cudnn_tensor_core_available(self, dtype):
        return self._tensor_core and dtype == numpy.float16


@pytest.fixture
def backend(monkeypatch):
    def install(b):
        monkeypatch.setattr(cuda, '_backend_cache', [b])
        return b
    return install


def _skip_reason(decorated):
    mark = [m for m in decorated.pytestmark if m.name == 'skipif'][0]
    return mark.args[0], mark.kwargs['reason']


def _decorate(mark):
    def test():
        pass
    return mark(test)


def test_gpu_mark_keeps_the_backends_reason(backend):
    backend(_Backend(reason='the NVIDIA driver supports CUDA 12.4, older than 13.0'))
    skip, reason = _skip_reason(_decorate(attr.gpu))
    assert skip and reason == ('needs a GPU: the NVIDIA driver supports CUDA 12.4, older '
                               'than 13.0')


def test_gpu_mark_without_any_backend_names_the_install(backend):
    backend(None)
    skip, reason = _skip_reason(_decorate(attr.gpu))
    assert skip and reason.startswith('needs a GPU: no CUDA backend is installed (pip '
                                      'install "cupy-kernels[cuda12]"')


def test_cudnn_mark_keeps_cudnns_own_reason(backend):
    backend(_Backend(cudnn_reason='nvidia-cudnn-frontend is not installed (pip install '
                                  '"cupy-kernels[cuda13,cudnn]")'))
    skip, reason = _skip_reason(_decorate(attr.cudnn))
    assert skip and reason == ('needs cuDNN: nvidia-cudnn-frontend is not installed (pip '
                               'install "cupy-kernels[cuda13,cudnn]")')
    backend(_Backend(reason='NVRTC cannot be loaded'))
    assert _skip_reason(_decorate(attr.cudnn))[1] == \
        'needs cuDNN: CUDA is not available: NVRTC cannot be loaded'


def test_marks_do_not_skip_on_a_usable_backend(backend):
    backend(_Backend())
    assert _skip_reason(_decorate(attr.gpu))[0] is False
    assert _skip_reason(_decorate(attr.cudnn))[0] is False


def test_a_backend_without_the_cudnn_reason_method(backend):
    class Old(object):
        available, cudnn_enabled = True, False

        def unavailable_reason(self):
            return ''
    backend(Old())
    assert _skip_reason(_decorate(attr.cudnn))[1] == \
        'needs cuDNN: the CUDA backend reports no cuDNN'


@pytest.mark.parametrize('setting,auto,always', [
    ('always', True, True), ('auto', True, False), ('never', False, False)])
def test_should_use_cudnn_reads_the_backends_version(backend, setting, auto, always):
    backend(_Backend(version=92801))
    with chainer.using_config('use_cudnn', setting):
        assert chainer.should_use_cudnn('>=auto') is auto
        assert chainer.should_use_cudnn('==always') is always
        assert chainer.should_use_cudnn('>=auto', 93000) is False  # too old a cuDNN
        assert chainer.should_use_cudnn('>=auto', 5000) is auto


def test_without_cudnn_nothing_uses_it(backend):
    backend(_Backend(cudnn_reason='no cuDNN'))
    with chainer.using_config('use_cudnn', 'always'):
        assert chainer.should_use_cudnn('==always') is False
        assert chainer.should_use_cudnn_tensor_core(numpy.float16) is False


def test_tensor_cores_ask_the_backend(backend):
    backend(_Backend())
    assert chainer.should_use_cudnn_tensor_core(numpy.float16) is True
    assert chainer.should_use_cudnn_tensor_core(numpy.float32) is False
    with chainer.using_config('use_cudnn_tensor_core', 'never'):
        assert chainer.should_use_cudnn_tensor_core(numpy.float16) is False
