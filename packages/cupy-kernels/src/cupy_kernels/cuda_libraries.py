"""Whether the CUDA libraries every kernel needs load, and what installs them.

A GPU with its driver is not enough: CuPy compiles every kernel with NVRTC and runs
matrix products with cuBLAS, and CuPy 14 ships neither (its ``[ctk]`` extra, or the
``nvidia-cuda-nvrtc`` / ``nvidia-cublas`` wheels or a CUDA toolkit, bring them). Without
them the first kernel fails (``libnvrtc.so.13`` not found); the backend probes them up
front so that ``python -m chainer`` and ``chainer.cuda.available`` tell the truth.
"""
import importlib

#: The libraries probed (by :data:`_PROBES`), in this order.
LIBRARIES = ('NVRTC', 'cuBLAS')


def cuda_major(cupy):
    """Returns the CUDA major version CuPy was built for (13 when it cannot say)."""
    try:
        return int(cupy.cuda.runtime.runtimeGetVersion()) // 1000
    except Exception:  # noqa: BLE001 - an odd build: assume the newest
        return 13


def install_hint(major):
    """Returns what installs NVRTC and cuBLAS for CuPy of CUDA ``major``."""
    return ('pip install "cupy-cuda{0}x[ctk]" (or the nvidia-cuda-nvrtc and nvidia-cublas '
            'wheels of CUDA {0}, or a CUDA {0} toolkit); "cupy-kernels[cuda{0}]" brings '
            'them'.format(major))


def _cuda_version(number):
    return '{}.{}'.format(number // 1000, number % 1000 // 10)


def device_error_reason(cupy, error):
    """Returns why ``getDeviceCount`` failed, in words: no driver, a driver too old for
    the CUDA version CuPy was built for (and what to do), or the error as it is."""
    text = '{}: {}'.format(type(error).__name__, error)
    if 'InsufficientDriver' not in text:
        return text
    try:
        driver = int(cupy.cuda.runtime.driverGetVersion())
        built = int(cupy.cuda.runtime.runtimeGetVersion())
    except Exception:  # noqa: BLE001 - cannot tell more than the error
        return text
    if driver <= 0:
        return 'no NVIDIA driver is installed ({})'.format(text)
    return ('the NVIDIA driver supports CUDA {}, older than the CUDA {} that CuPy {} was '
            'built for: update the driver, or install the CuPy of CUDA {} '
            '("cupy-kernels[cuda{}]") ({})'.format(
                _cuda_version(driver), _cuda_version(built), cupy.__version__,
                driver // 1000, driver // 1000, text))


def _probe_nvrtc(cupy):
    nvrtc = importlib.import_module('cupy_backends.cuda.libs.nvrtc')
    return nvrtc.getVersion()


def _probe_cublas(cupy):
    return cupy.cuda.device.get_cublas_handle()


_PROBES = {'NVRTC': _probe_nvrtc, 'cuBLAS': _probe_cublas}


def missing(cupy):
    """Returns ``[(library, error message)]`` of the libraries that do not load (needs a
    device: cuBLAS is probed by creating its handle on the current device)."""
    found = []
    for name in LIBRARIES:
        try:
            _PROBES[name](cupy)
        except Exception as e:  # noqa: BLE001 - not found, wrong version, broken
            found.append((name, '{}: {}'.format(type(e).__name__, ' '.join(str(e).split()))))
    return found


def missing_reason(cupy):
    """Returns '' when NVRTC and cuBLAS load, else why not and what to install."""
    absent = missing(cupy)
    if not absent:
        return ''
    return 'CuPy {} sees a GPU, but {} cannot be loaded ({}): {}'.format(
        cupy.__version__, ' and '.join(name for name, _ in absent),
        '; '.join('{}: {}'.format(name, error) for name, error in absent),
        install_hint(cuda_major(cupy)))
