"""The ``cuda`` backend behind ``chainer.cuda`` (entry point ``chainer.backends``).

Core's facade instantiates :class:`CudaBackend` lazily and forwards to it. CuPy is imported
on construction; whether a device exists, and whether the CUDA libraries every kernel needs
load (NVRTC, cuBLAS: :mod:`cupy_kernels.cuda_libraries`), is probed once. Without CuPy,
without a device or without those libraries, ``available`` is False and
:meth:`unavailable_reason` says why and what to install.
"""
import functools
import importlib
import os
import threading

import numpy

from cupy_kernels import cuda_libraries, cudnn_support, kernels


def _deprecated_creator(name):
    """Chainer v1's deprecated ``chainer.cuda.<name>``: ``cupy.<name>`` defaulting to
    float32 (CuPy defaults to float64)."""
    dtype_position = {'full': 2}.get(name, 1)

    def create(self, *args, **kwargs):
        if not name.endswith('_like') and 'dtype' not in kwargs and \
                len(args) <= dtype_position:
            kwargs['dtype'] = numpy.float32
        return getattr(self.cupy, name)(*args, **kwargs)
    create.__name__ = name
    create.__doc__ = 'Deprecated wrapper of ``cupy.{}`` (float32 by default).'.format(name)
    return create


class CudaBackend(object):
    """CuPy-based device backend: arrays, devices, memoized kernels and the kernel library."""

    def __init__(self):
        self._lock = threading.Lock()
        self._built = {}
        self._memos = []
        self._seeded = False
        self._device_count = 0
        try:
            self._cupy = importlib.import_module('cupy')
        except Exception as e:  # ImportError, or a broken CUDA install raising at import
            self._cupy, self._reason = None, (
                'CuPy is not importable ({}: {}): pip install cupy-kernels[cuda12]'.format(
                    type(e).__name__, e))
            return
        try:
            count = self._cupy.cuda.runtime.getDeviceCount()
        except Exception as e:  # no driver: cudaErrorInsufficientDriver / NoDevice
            count, error = 0, cuda_libraries.device_error_reason(self._cupy, e)
        else:
            error = 'no CUDA device found'
        self._device_count = count
        self._reason = '' if count > 0 else 'CuPy {} is installed, but {}'.format(
            self._cupy.__version__, error)
        if not self._reason:
            self._reason = cuda_libraries.missing_reason(self._cupy)

    # --- state ------------------------------------------------------------------------

    @property
    def available(self):
        """Whether CuPy imports and at least one CUDA device exists."""
        return not self._reason

    def unavailable_reason(self):
        """Why the GPU cannot be used ('' when it can)."""
        return self._reason

    @property
    def device_count(self):
        """How many CUDA devices the driver reports (even when the backend is not usable,
        e.g. without NVRTC); 0 without CuPy or a driver."""
        return self._device_count

    def cudnn_tensor_core_available(self, dtype):
        """Whether cuDNN can use Tensor Cores for ``dtype`` here (``'auto'`` of
        ``chainer.config.use_cudnn_tensor_core``): float16 data on a device of compute
        capability 7.0 or newer."""
        if not self.cudnn_enabled:
            return False
        if self.cudnn_api == 'cupy':
            return bool(cudnn_support.module().is_tensor_core_available(numpy.dtype(dtype)))
        capability = int(self._cupy.cuda.Device().compute_capability)
        return numpy.dtype(dtype) == numpy.float16 and capability >= 70

    def accelerator_libraries_state(self):
        """One line for ``python -m chainer``: cuDNN's version and the API that reaches
        it, or why cuDNN is not used."""
        if self.cudnn_enabled:
            v = self.cudnn_version  # 9.x: 92801 is 9.28.1; 8.x: 8902 is 8.9.2
            major, rest = (v // 10000, v % 10000) if v >= 90000 else (v // 1000, v % 1000)
            return 'cuDNN {}.{}.{} via {}'.format(
                major, rest // 100, rest % 100,
                'nvidia-cudnn-frontend' if self.cudnn_api == 'frontend' else 'cupy.cudnn')
        return 'no cuDNN ({})'.format(self.cudnn_unavailable_reason())

    @property
    def cudnn_enabled(self):
        """Whether cuDNN paths run: a usable device, cuDNN through nvidia-cudnn-frontend
        or ``cupy.cudnn`` (:mod:`cupy_kernels.cudnn_support`) and ``CHAINER_CUDNN != 0``."""
        return self.available and cudnn_support.enabled()

    def cudnn_unavailable_reason(self):
        """Why the cuDNN paths cannot run ('' when they can): the device's reason
        first, else cuDNN's own (not installed, library not loading, disabled), with
        what to install."""
        if self._reason:
            found = cudnn_support.api()
            return 'CUDA is not available: {} (cuDNN itself: {})'.format(
                self._reason, 'found, through ' + ('nvidia-cudnn-frontend' if found ==
                                                   'frontend' else 'cupy.cudnn')
                if found else cudnn_support.reason())
        why = cudnn_support.reason()
        if not why or why.startswith('disabled') or 'CUPY_KERNELS_CUDNN_API' in why:
            return why
        return '{} ({})'.format(why, cudnn_support.install_hint(
            cuda_libraries.cuda_major(self._cupy)))

    @property
    def cudnn_version(self):
        """The version of the cuDNN library in use (e.g. 92801), -1 without cuDNN."""
        return cudnn_support.version() if self.cudnn_enabled else -1

    @property
    def cudnn_api(self):
        """``'frontend'`` (nvidia-cudnn-frontend), ``'cupy'`` (``cupy.cudnn``) or None."""
        return cudnn_support.api() if self.cudnn_enabled else None

    @property
    def cupy(self):
        """The :mod:`cupy` module (requires a device)."""
        self._require()
        return self._cupy

    def _require(self):
        if self._reason:
            raise RuntimeError('CUDA is not available: ' + self._reason)
        if not self._seeded:
            self._seeded = True
            seed = os.environ.get('CHAINER_SEED')
            if seed is not None:
                self._cupy.random.seed(int(seed))

    def device_name(self):
        """Name of the current device (for ``python -m chainer``)."""
        self._require()
        device = self._cupy.cuda.Device()
        props = self._cupy.cuda.runtime.getDeviceProperties(device.id)
        name = props['name']
        return '{} (GPU {})'.format(name.decode() if isinstance(name, bytes) else name,
                                    device.id)

    def __getattr__(self, name):
        # chainer.cuda.ndarray / Device / Event / Stream / memory_pool ... (documented v1 API)
        if name.startswith('_'):
            raise AttributeError(name)
        if name == 'nccl':  # not a property: its AttributeError would land here
            return self._nccl()
        aliases = {'ndarray': ('ndarray',), 'Device': ('cuda', 'Device'),
                   'Event': ('cuda', 'Event'), 'Stream': ('cuda', 'Stream')}
        if name in aliases:
            obj = self.cupy
            for part in aliases[name]:
                obj = getattr(obj, part)
            return obj
        raise AttributeError('the CUDA backend has no attribute {!r}'.format(name))

    def _nccl(self):
        """CuPy's NCCL binding, ``cupy.cuda.nccl`` (``chainer.cuda.nccl``): the
        collectives of multi-GPU training (``MultiprocessParallelUpdater``).

        Raises:
            AttributeError: without a device, or when CuPy has no NCCL; the message
                says which.
        """
        if self._reason:
            raise AttributeError('NCCL needs CUDA, which is not available: ' + self._reason)
        try:
            nccl = importlib.import_module('cupy.cuda.nccl')
        except ImportError as e:
            raise AttributeError('CuPy {} has no NCCL ({}): install NCCL (e.g. the '
                                 'nvidia-nccl-cu12 wheel)'.format(self._cupy.__version__, e))
        if not getattr(nccl, 'available', True):
            raise AttributeError('CuPy {} was built without NCCL: install NCCL (e.g. the '
                                 'nvidia-nccl-cu12 wheel)'.format(self._cupy.__version__))
        return nccl

    @property
    def memory_pool(self):
        """CuPy's default device memory pool (Chainer reuses device memory through it)."""
        return self.cupy.get_default_memory_pool()

    def init(self, arg=None):
        """Selects the device ``arg`` (an id, an array or None for the current one) and
        applies ``CHAINER_SEED`` to CuPy's random generator."""
        self._require()
        device = self.get_device(arg) if arg is not None else None
        if device is not None:
            device.use()

    # --- arrays -----------------------------------------------------------------------

    def get_array_module(self, *args):
        """:mod:`cupy` when any argument (or Variable's data) is a CuPy array, else numpy."""
        if self._cupy is None:
            return numpy
        arrays = (numpy.ndarray, self._cupy.ndarray)  # a CuPy array's .data is memory
        return self._cupy.get_array_module(*[a if isinstance(a, arrays) else getattr(
            a, 'data', a) for a in args])

    def to_cpu(self, array, stream=None):
        """Copies a CuPy array to the host (asynchronously on ``stream`` when given)."""
        return array.get(stream=stream)

    def to_gpu(self, array, device=None, stream=None):
        """Copies a host array to ``device`` (default: current); CuPy arrays pass through
        unchanged, as documented."""
        cupy = self.cupy
        if isinstance(array, cupy.ndarray):
            return array
        if not isinstance(array, (numpy.ndarray, numpy.generic)):
            raise TypeError('to_gpu expects a numpy.ndarray or cupy.ndarray, got {}'.format(
                type(array)))
        with self._device_or_current(device):
            out = cupy.empty(array.shape, dtype=array.dtype)
            # asarray, not ascontiguousarray: the latter makes a 0-d array 1-d, and
            # ndarray.set refuses a shape that differs from the destination's.
            out.set(numpy.asarray(array, order='C'), stream=stream)
            return out

    def _device_or_current(self, device):
        found = self.get_device(device) if device is not None else None
        return found if found is not None else self.cupy.cuda.Device()

    def get_device(self, arg):
        """Device of an int id or a CuPy array; None for anything else."""
        if self._cupy is None:
            return None
        if isinstance(arg, (int, numpy.integer)) and not isinstance(arg, bool):
            self._require()
            return self._cupy.cuda.Device(int(arg))
        if isinstance(arg, self._cupy.ndarray):
            return arg.device
        if isinstance(arg, self._cupy.cuda.Device):
            return arg
        return None

    def copy(self, array, out=None, out_device=None, stream=None):
        """Copies a CuPy array, possibly to ``out`` or to another device."""
        cupy = self.cupy
        if out is None:
            with self._device_or_current(out_device):
                out = cupy.empty_like(array)
        with array.device:
            cupy.copyto(out, array) if stream is None else out.data.copy_from_device_async(
                array.data, array.nbytes, stream)
        return out

    empty, zeros, ones, full = [_deprecated_creator(n)
                                for n in ('empty', 'zeros', 'ones', 'full')]
    empty_like, zeros_like, ones_like, full_like = [
        _deprecated_creator(n) for n in ('empty_like', 'zeros_like', 'ones_like', 'full_like')]

    # --- kernels ------------------------------------------------------------------------

    def memoize(self, for_each_device=False):
        """Memoizes a function on its arguments (and on the current device when
        ``for_each_device``); :meth:`clear_memo` empties every such cache."""
        def decorator(f):
            memo = {}
            self._memos.append(memo)

            @functools.wraps(f)
            def wrapper(*args, **kwargs):
                key = (args, tuple(sorted(kwargs.items())))
                if for_each_device:
                    key = (self.cupy.cuda.Device().id,) + key
                if key not in memo:
                    memo[key] = f(*args, **kwargs)
                return memo[key]
            return wrapper
        return decorator

    def clear_memo(self):
        """Empties the caches of every memoized function and of built library kernels."""
        for memo in self._memos:
            memo.clear()
        with self._lock:
            self._built.clear()

    def elementwise(self, in_params, out_params, operation, name, **kwargs):
        """``cupy.ElementwiseKernel``, memoized per arguments and device."""
        return self._memoized_kernel('ElementwiseKernel', in_params, out_params, operation,
                                     name, **kwargs)

    def reduce(self, in_params, out_params, map_expr, reduce_expr, post_map_expr,
               identity, name, **kwargs):
        """``cupy.ReductionKernel``, memoized per arguments and device."""
        return self._memoized_kernel('ReductionKernel', in_params, out_params, map_expr,
                                     reduce_expr, post_map_expr, identity, name, **kwargs)

    def _memoized_kernel(self, kind, *args, **kwargs):
        if not hasattr(self, '_kernel_memo'):
            self._kernel_memo = self.memoize(for_each_device=True)(
                lambda kind, *a, **k: getattr(self.cupy, kind)(*a, **k))
        return self._kernel_memo(kind, *args, **kwargs)

    def kernel(self, name):
        """Returns the built library kernel ``name`` (see :mod:`cupy_kernels.kernels`).

        Raises:
            KeyError: when the library has no such kernel.
        """
        spec = kernels.get(name)
        cupy = self.cupy
        with self._lock:
            if name not in self._built:
                if spec.kind == 'python':
                    parts = {u: self._build_unlocked(u, cupy) for u in spec.uses}
                    self._built[name] = spec.build(cupy, parts)
                else:
                    self._built[name] = spec.build(cupy)
            return self._built[name]

    def _build_unlocked(self, name, cupy):
        if name not in self._built:
            self._built[name] = kernels.get(name).build(cupy)
        return self._built[name]

    @property
    def cudnn(self):
        """``cupy.cudnn`` when cuDNN is enabled (raises RuntimeError with the reason)."""
        self._require()
        return cudnn_support.module()
