"""A GPU is usable only when NVRTC and cuBLAS load (cuda_libraries), and the reasons the
backend gives when it is not (no driver, a driver too old, libraries or cuDNN missing):
with a stand-in CuPy, so on any machine."""
import types

import pytest

from chainer import _runtime
from cupy_kernels import backend as backend_module
from cupy_kernels import cuda_libraries, cudnn_support
from cupy_kernels.backend import CudaBackend


class _CudaError(Exception):
    pass


def _cupy(devices=1, driver=13000, runtime=13020, count_error=None):
    def count():
        if count_error:
            raise _CudaError(count_error)
        return devices
    rt = types.SimpleNamespace(getDeviceCount=count, driverGetVersion=lambda: driver,
                               runtimeGetVersion=lambda: runtime,
                               getDeviceProperties=lambda i: {'name': b'Fake H100'})
    device = types.SimpleNamespace(get_cublas_handle=lambda: 1)
    return types.SimpleNamespace(
        __version__='14.2.0', cuda=types.SimpleNamespace(
            runtime=rt, device=device,
            Device=lambda *a: types.SimpleNamespace(id=0, compute_capability='90')))


@pytest.fixture
def fake(monkeypatch):
    """Installs a stand-in CuPy (``fake(cupy, missing=(...))``) for CudaBackend."""
    def install(cupy, missing=()):
        real = backend_module.importlib.import_module
        monkeypatch.setattr(backend_module.importlib, 'import_module',
                            lambda name: cupy if name == 'cupy' else real(name))

        def probe(name):
            def check(c):
                if name in missing:
                    raise OSError('lib{}.so.13: cannot open shared object file'.format(
                        name.lower()))
            return check
        monkeypatch.setattr(cuda_libraries, '_PROBES',
                            {n: probe(n) for n in cuda_libraries.LIBRARIES})
        return CudaBackend()
    return install


def test_a_device_with_its_libraries_is_usable(fake):
    b = fake(_cupy())
    assert b.available and b.unavailable_reason() == '' and b.device_count == 1


def test_missing_nvrtc_makes_the_device_unusable_and_says_what_to_install(fake):
    b = fake(_cupy(), missing=('NVRTC',))
    assert not b.available and b.device_count == 1
    why = b.unavailable_reason()
    assert 'CuPy 14.2.0 sees a GPU, but NVRTC cannot be loaded' in why
    assert 'libnvrtc.so.13' in why
    assert 'pip install "cupy-cuda13x[ctk]"' in why and '"cupy-kernels[cuda13]"' in why
    with pytest.raises(RuntimeError, match='NVRTC cannot be loaded'):
        b.kernel('relu_fwd')


def test_both_libraries_missing_and_cuda_12(fake):
    why = fake(_cupy(runtime=12080), missing=('NVRTC', 'cuBLAS')).unavailable_reason()
    assert 'NVRTC and cuBLAS cannot be loaded' in why and 'cupy-cuda12x[ctk]' in why


def test_no_driver_and_a_driver_too_old_are_told_apart(fake):
    error = 'cudaErrorInsufficientDriver: CUDA driver version is insufficient'
    why = fake(_cupy(driver=0, count_error=error)).unavailable_reason()
    assert 'no NVIDIA driver is installed' in why
    why = fake(_cupy(driver=12040, count_error=error)).unavailable_reason()
    assert 'the NVIDIA driver supports CUDA 12.4, older than the CUDA 13.2 that CuPy ' \
        '14.2.0 was built for' in why
    assert '"cupy-kernels[cuda12]"' in why
    assert 'no CUDA device found' in fake(_cupy(devices=0)).unavailable_reason()
    other = fake(_cupy(count_error='cudaErrorUnknown')).unavailable_reason()
    assert other.endswith('_CudaError: cudaErrorUnknown')


def _state_of(monkeypatch, backend):
    ep = type('EP', (), {'name': 'cuda'})()
    monkeypatch.setitem(_runtime._plugins._entry_points, 'chainer.backends', [ep])
    monkeypatch.setitem(_runtime._plugins._backends, 'cuda', backend)
    return _runtime.backend_state('cuda')


def test_python_m_chainer_reports_a_device_it_cannot_use(fake, monkeypatch):
    state = _state_of(monkeypatch, fake(_cupy(), missing=('cuBLAS',)))
    assert state.startswith('installed, device found but not usable (CuPy 14.2.0 sees a '
                            'GPU, but cuBLAS cannot be loaded')


@pytest.mark.parametrize('cudnn_state,expected', [
    (dict(api='frontend', version=92801), 'cuDNN 9.28.1 via nvidia-cudnn-frontend'),
    (dict(api='cupy', version=8902), 'cuDNN 8.9.2 via cupy.cudnn'),
    (dict(api=None, reason='nvidia-cudnn-frontend is not installed (x)'),
     'no cuDNN (nvidia-cudnn-frontend is not installed (x) (pip install '
     '"cupy-kernels[cuda13,cudnn]"))'),
])
def test_python_m_chainer_reports_cudnn(fake, monkeypatch, cudnn_state, expected):
    state = dict(api=None, frontend=None, module=None, lib=None, version=0, reason='')
    state.update(cudnn_state)
    monkeypatch.setattr(cudnn_support, '_state', state)
    assert _state_of(monkeypatch, fake(_cupy())) == \
        'installed, device: Fake H100 (GPU 0); ' + expected


def test_cudnn_reason_without_a_device_keeps_both_reasons(fake, monkeypatch):
    monkeypatch.setattr(cudnn_support, '_state', dict(
        api=None, frontend=None, module=None, lib=None, version=0,
        reason='nvidia-cudnn-frontend is not installed'))
    b = fake(_cupy(devices=0))
    assert not b.cudnn_enabled and b.cudnn_version == -1 and b.cudnn_api is None
    assert b.cudnn_unavailable_reason() == (
        'CUDA is not available: CuPy 14.2.0 is installed, but no CUDA device found '
        '(cuDNN itself: nvidia-cudnn-frontend is not installed)')


def test_tensor_cores_with_the_frontend(fake, monkeypatch):
    monkeypatch.setattr(cudnn_support, '_state', dict(
        api='frontend', frontend=object(), module=None, lib=None, version=92801,
        reason=''))
    b = fake(_cupy())
    assert b.cudnn_tensor_core_available('float16')
    assert not b.cudnn_tensor_core_available('float32')
