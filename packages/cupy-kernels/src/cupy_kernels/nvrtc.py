"""Device-free CUDA compilation with NVRTC, for proving that the kernel library compiles.

NVRTC (``libnvrtc``) compiles CUDA C++ to PTX or to a cubin for a given architecture
without a GPU or a driver. A *toolchain* is one NVRTC library with the CUDA headers of the
same release (``cuda_fp16.h``); they are found (:func:`toolchains`) at
``$CUPY_KERNELS_NVRTC`` (a library path), in the CUDA 13 wheels (``nvidia-cuda-nvrtc`` and
``nvidia-cuda-runtime``, installed under ``nvidia/cu13/``), in the CUDA 12 wheels
(``nvidia-cuda-nvrtc-cu12`` and ``nvidia-cuda-runtime-cu12``, under
``nvidia/cuda_nvrtc/`` and ``nvidia/cuda_runtime/``) and in CUDA toolkits (``$CUDA_PATH``,
``$CUDA_HOME``, ``/usr/local/cuda``). The ``[test]`` and ``[nvrtc]`` extras of this package
install both wheel toolchains. CuPy's kernel headers (``cupy/carray.cuh`` and its CCCL
copy) come from the installed CuPy.
"""
import collections
import ctypes
import glob
import importlib.util
import os
import threading

_NVRTC_NAMES = ('libnvrtc.so*', 'nvrtc64_*.dll', 'libnvrtc*.dylib')

#: The wheel toolchains: (name, package holding NVRTC's lib/ and bin/, package holding
#: the CUDA headers in include/). CUDA 13's wheels share one ``nvidia.cu13`` tree.
WHEEL_TOOLCHAINS = (
    ('cuda13', 'nvidia.cu13', 'nvidia.cu13'),
    ('cuda12', 'nvidia.cuda_nvrtc', 'nvidia.cuda_runtime'),
)

#: One NVRTC: ``name`` ('cuda12', 'cuda13', 'toolkit:<dir>' or 'explicit'),
#: ``libraries`` (candidate library paths, best first) and ``include`` (the directory
#: holding ``cuda_fp16.h`` of the same release, or None when it has none).
Toolchain = collections.namedtuple('Toolchain', ['name', 'libraries', 'include'])


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


def _libraries(directories):
    found = []
    for directory in directories:
        for pattern in _NVRTC_NAMES:
            # the plain name first: "alt" builds and builtins are not the API library
            for path in sorted(glob.glob(os.path.join(directory, pattern)), key=len):
                if 'builtins' not in os.path.basename(path):
                    found.append(path)
    return found


def _headers(directory):
    """``directory`` when it holds ``cuda_fp16.h``, else None."""
    if directory and os.path.isfile(os.path.join(directory, 'cuda_fp16.h')):
        return directory
    return None


def toolchains():
    """Returns every :class:`Toolchain` installed, in order of preference: the explicit
    ``$CUPY_KERNELS_NVRTC``, the CUDA 13 wheels, the CUDA 12 wheels, the toolkits."""
    found = []
    for name, lib_package, include_package in WHEEL_TOOLCHAINS:
        lib_dir = _package_dir(lib_package)
        if lib_dir is None:
            continue
        libraries = _libraries([os.path.join(lib_dir, 'lib'), os.path.join(lib_dir, 'bin')])
        include_dir = _package_dir(include_package)
        include = _headers(include_dir and os.path.join(include_dir, 'include'))
        if libraries:
            found.append(Toolchain(name, libraries, include))
    for directory in _toolkit_dirs():
        libraries = _libraries([os.path.join(directory, sub) for sub in ('lib64', 'lib', 'bin')])
        if libraries:
            found.append(Toolchain('toolkit:' + directory, libraries,
                                   _headers(os.path.join(directory, 'include'))))
    explicit = os.environ.get('CUPY_KERNELS_NVRTC')
    if explicit:
        # its headers: those of the first other toolchain that has them
        include = next((t.include for t in found if t.include), None)
        found.insert(0, Toolchain('explicit', [explicit], include))
    return found


def find(name):
    """Returns the installed toolchain called ``name`` ('cuda12', 'cuda13', ...).

    Raises:
        NvrtcError: naming what to install, when it is not installed.
    """
    for toolchain in toolchains():
        if toolchain.name == name:
            return toolchain
    wheels = {'cuda12': 'nvidia-cuda-nvrtc-cu12 nvidia-cuda-runtime-cu12',
              'cuda13': '"nvidia-cuda-nvrtc>=13,<14" "nvidia-cuda-runtime>=13,<14"'}
    raise NvrtcError('no {} NVRTC toolchain is installed{}'.format(
        name, ': pip install ' + wheels[name] if name in wheels else ''))


_lock = threading.Lock()
_loaded = {}  # toolchain name -> (library path, ctypes.CDLL)


def load(toolchain=None):
    """Returns the loaded NVRTC library (``ctypes.CDLL``) of ``toolchain`` (default: the
    first of :func:`toolchains` that loads), loaded once.

    Raises:
        NvrtcError: with every path tried, when no NVRTC can be loaded.
    """
    return _load(toolchain)[1]


def _load(toolchain):
    with _lock:
        key = None if toolchain is None else toolchain.name
        if key not in _loaded:
            candidates = toolchains() if toolchain is None else [toolchain]
            tried = []
            for chain in candidates:
                for path in chain.libraries:
                    try:
                        lib = ctypes.CDLL(path)
                    except OSError as e:
                        tried.append('{} ({})'.format(path, e))
                        continue
                    _declare(lib)
                    _loaded[key] = (chain, lib)
                    break
                if key in _loaded:
                    break
            else:
                raise NvrtcError(
                    'NVRTC not found: pip install nvidia-cuda-nvrtc-cu12 '
                    'nvidia-cuda-runtime-cu12 (or, for CUDA 13, nvidia-cuda-nvrtc '
                    'nvidia-cuda-runtime; the [test] extra of cupy-kernels has both) or '
                    'set CUPY_KERNELS_NVRTC to libnvrtc; tried: ' +
                    (', '.join(tried) or 'no candidate path'))
    return _loaded[key]


def _declare(lib):
    c_p, c_pp = ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p)
    lib.nvrtcCreateProgram.argtypes = [ctypes.POINTER(c_p), ctypes.c_char_p,
                                       ctypes.c_char_p, ctypes.c_int, c_pp, c_pp]
    lib.nvrtcCompileProgram.argtypes = [c_p, ctypes.c_int, c_pp]
    lib.nvrtcGetProgramLogSize.argtypes = [c_p, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetProgramLog.argtypes = [c_p, ctypes.c_char_p]
    lib.nvrtcDestroyProgram.argtypes = [ctypes.POINTER(c_p)]
    lib.nvrtcVersion.argtypes = [ctypes.POINTER(ctypes.c_int)] * 2


def version(toolchain=None):
    """Returns NVRTC's ``(major, minor)`` version (of ``toolchain``, or the default)."""
    major, minor = ctypes.c_int(), ctypes.c_int()
    load(toolchain).nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    return major.value, minor.value


def include_dirs(toolchain=None):
    """Returns the include directories CuPy's kernels need: CuPy's own headers (with its
    bundled CCCL) and the CUDA headers (``cuda_fp16.h``) of ``toolchain`` (default: the
    toolchain :func:`load` picks).

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
    chain = _load(toolchain)[0]
    if chain.include is None:
        raise NvrtcError('CUDA headers (cuda_fp16.h) of the {} toolchain not found: '
                         'pip install nvidia-cuda-runtime-cu12 (CUDA 12) or '
                         'nvidia-cuda-runtime (CUDA 13), or set CUDA_PATH'.format(chain.name))
    return dirs + [chain.include]


def _log(lib, prog):
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, buf)
    return buf.value.decode('utf-8', 'replace')


def compile_source(source, arch, name='kernel.cu', includes=(), options=(), toolchain=None):
    """Compiles CUDA C++ ``source`` for ``arch`` (e.g. ``'sm_80'``) with NVRTC.

    Args:
        source (str): the translation unit.
        arch (str): ``sm_XX`` (a cubin for that GPU) or ``compute_XX`` (PTX).
        name (str): file name shown in diagnostics.
        includes: include directories (``-I``).
        options: extra NVRTC options.
        toolchain (Toolchain): the NVRTC to use; the default one when None.

    Returns:
        str: the compiler log (warnings); empty when clean.

    Raises:
        NvrtcError: when compilation fails; the message holds the log and the source name.
    """
    lib = load(toolchain)
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
