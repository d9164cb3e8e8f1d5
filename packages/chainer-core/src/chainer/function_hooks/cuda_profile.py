"""CUDAProfileHook: NVTX ranges around every function's forward and backward (v1.24)."""
from chainer import cuda
from chainer import function


def _nvtx():
    """CuPy's NVTX binding (through the ``chainer.cuda`` facade; core imports no CuPy)."""
    cupy_cuda = cuda.cupy.cuda
    if not getattr(cupy_cuda, 'nvtx_enabled', False):
        raise RuntimeError('nvtx is required for CUDAProfileHook: this CuPy has no NVTX')
    return cupy_cuda.nvtx


class CUDAProfileHook(function.FunctionHook):
    """Function hook that marks each forward and backward with an NVTX range.

    A CUDA profiler (Nsight Systems, nvprof) then shows the spans
    ``<function label>.forward`` and ``<function label>.backward`` on its timeline.
    Use it as the other hooks: ``with CUDAProfileHook(): ...``.

    Raises:
        RuntimeError: without a usable CUDA backend, or when CuPy has no NVTX.
    """

    name = 'CUDAProfileHook'

    def __init__(self):
        cuda.check_cuda_available()
        self._nvtx = _nvtx()

    def forward_preprocess(self, function, in_data):
        self._nvtx.RangePush(function.label + '.forward')

    def forward_postprocess(self, function, in_data):
        self._nvtx.RangePop()

    def backward_preprocess(self, function, in_data, out_grad):
        self._nvtx.RangePush(function.label + '.backward')

    def backward_postprocess(self, function, in_data, out_grad):
        self._nvtx.RangePop()
