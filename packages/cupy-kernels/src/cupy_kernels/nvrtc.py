"""Device-free CUDA compilation with NVRTC, for proving that the kernel library compiles.

NVRTC (``libnvrtc``) compiles CUDA C++ to PTX or to a cubin for a given architecture
without a GPU or a driver. It is found in the ``nvidia-cuda-nvrtc-cu12`` wheel (the
``[test]``/``[nvrtc]`` extras of this package), at ``$CUPY_KERNELS_NVRTC`` or in a CUDA
toolkit (``$CUDA_PATH``). Headers come from CuPy (``cupy/carray.cuh`` and its CCCL copy)
and from ``nvidia-cuda-runtime-cu12`` or the toolkit (``cuda_fp16.h``).
"""
import ctypes
import glob
import importlib.util
import os
import threading

_NVRTC_NAMES = ('libnvrtc.so*', 'nvrtc64_*.dll', 'libnvrtc*.dylib')


class NvrtcError(RuntimeError):
    """NVRTC could not be loaded, or a source failed to compile (the log is attached)."""

    def __init__(self, message, log=''):
        super(NvrtcError, self).__init__(message + ('\n' + log if log else ''))
        self.log = log


def _package_dir(name):
    """Directory of the (namespace) package ``name``, or None when it is absent."""
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if found is None:
        return None
    locations = list(found.submodule_search_locations or ())
    return locations[0] if locations else os.path.dirname(found.origin)


def _toolkit_dirs():
    dirs = [os.environ.get('CUDA_PATH'), os.environ.get('CUDA_HOME'), '/usr/local/cuda']
    return [d for d in dirs if d and os.path.isdir(d)]


def _candidates():
    explicit = os.environ.get('CUPY_KERNELS_NVRTC')
    if explicit:
        yield explicit
    wheel = _package_dir('nvidia.cuda_nvrtc')
    search = [os.path.join(wheel, 'lib'), os.path.join(wheel, 'bin')] if wheel else []
    search += [os.path.join(d, sub) for d in _toolkit_dirs() for sub in ('lib64', 'lib', 'bin')]
    for directory in search:
        for pattern in _NVRTC_NAMES:
            # the plain name first: "alt" builds and builtins are not the API library
            for path in sorted(glob.glob(os.path.join(directory, pattern)), key=len):
                if 'builtins' not in os.path.basename(path):
                    yield path


_lock = threading.Lock()
_loaded = []


def load():
    """Returns the loaded NVRTC library (``ctypes.CDLL``), searched once.

    Raises:
        NvrtcError: with every path tried, when no NVRTC can be loaded.
    """
    with _lock:
        if not _loaded:
            tried = []
            for path in _candidates():
                try:
                    lib = ctypes.CDLL(path)
                except OSError as e:
                    tried.append('{} ({})'.format(path, e))
                    continue
                _declare(lib)
                _loaded.append(lib)
                break
            else:
                raise NvrtcError(
                    'NVRTC not found: pip install nvidia-cuda-nvrtc-cu12 (the [test] extra '
                    'of cupy-kernels) or set CUPY_KERNELS_NVRTC to libnvrtc; tried: ' +
                    (', '.join(tried) or 'no candidate path'))
    return _loaded[0]


def _declare(lib):
    c_p, c_pp = ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p)
    lib.nvrtcCreateProgram.argtypes = [ctypes.POINTER(c_p), ctypes.c_char_p,
                                       ctypes.c_char_p, ctypes.c_int, c_pp, c_pp]
    lib.nvrtcCompileProgram.argtypes = [c_p, ctypes.c_int, c_pp]
    lib.nvrtcGetProgramLogSize.argtypes = [c_p, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetProgramLog.argtypes = [c_p, ctypes.c_char_p]
    lib.nvrtcDestroyProgram.argtypes = [ctypes.POINTER(c_p)]
    lib.nvrtcVersion.argtypes = [ctypes.POINTER(ctypes.c_int)] * 2


def version():
    """Returns NVRTC's ``(major, minor)`` version."""
    major, minor = ctypes.c_int(), ctypes.c_int()
    load().nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    return major.value, minor.value


def include_dirs():
    """Returns the include directories CuPy's kernels need: CuPy's own headers (with its
    bundled CCCL) and the CUDA headers (``cuda_fp16.h``).

    Raises:
        NvrtcError: when CuPy or the CUDA headers are not installed.
    """
    cupy_dir = _package_dir('cupy')
    if cupy_dir is None:
        raise NvrtcError('CuPy is not installed: its kernel headers are needed '
                         '(pip install cupy-kernels[test])')
    base = os.path.join(cupy_dir, '_core', 'include')
    dirs = [base] + [os.path.join(base, 'cupy', '_cccl', sub)
                     for sub in ('libcudacxx', 'thrust', 'cub')]
    runtime = _package_dir('nvidia.cuda_runtime')
    cuda_headers = [os.path.join(runtime, 'include')] if runtime else []
    cuda_headers += [os.path.join(d, 'include') for d in _toolkit_dirs()]
    found = [d for d in cuda_headers if os.path.isfile(os.path.join(d, 'cuda_fp16.h'))]
    if not found:
        raise NvrtcError('CUDA headers (cuda_fp16.h) not found: pip install '
                         'nvidia-cuda-runtime-cu12 or set CUDA_PATH')
    return dirs + found[:1]


def _log(lib, prog):
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, buf)
    return buf.value.decode('utf-8', 'replace')


def compile_source(source, arch, name='kernel.cu', includes=(), options=()):
    """Compiles CUDA C++ ``source`` for ``arch`` (e.g. ``'sm_80'``) with NVRTC.

    Args:
        source (str): the translation unit.
        arch (str): ``sm_XX`` (a cubin for that GPU) or ``compute_XX`` (PTX).
        name (str): file name shown in diagnostics.
        includes: include directories (``-I``).
        options: extra NVRTC options.

    Returns:
        str: the compiler log (warnings); empty when clean.

    Raises:
        NvrtcError: when compilation fails; the message holds the log and the source name.
    """
    lib = load()
    opts = ['--gpu-architecture=' + arch, '-std=c++17'] + \
        ['-I' + d for d in includes] + list(options)
    prog = ctypes.c_void_p()
    status = lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), name.encode(),
                                    0, None, None)
    if status != 0:
        raise NvrtcError('nvrtcCreateProgram failed for {} (status {})'.format(name, status))
    try:
        c_opts = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
        status = lib.nvrtcCompileProgram(prog, len(opts), c_opts)
        log = _log(lib, prog)
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))
    if status != 0:
        raise NvrtcError('{} failed to compile for {}'.format(name, arch), log)
    return log
