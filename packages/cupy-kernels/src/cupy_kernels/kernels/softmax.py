"""Softmax and log-softmax along an axis, forward and backward, as row kernels.

The array is read as ``(outer, C, inner)`` around the axis; each CUDA block owns one row of
``C`` elements (stride ``inner``) and reduces it in shared memory, in float for float16:

.. math::

    y_c = \\frac{e^{x_c - m}}{\\sum_k e^{x_k - m}}, \\quad
    \\log y_c = x_c - m - \\log \\sum_k e^{x_k - m}, \\quad m = \\max_k x_k

Backward: softmax ``gx = y (gy - sum(y gy))``; log-softmax ``gx = gy - exp(y) sum(gy)``.
"""
import numpy

from cupy_kernels.kernels import _launch
from cupy_kernels.kernels.spec import PythonKernel, RawSpec

_SOURCE = r'''
#define _BLOCK 128

__device__ A _block_reduce(A v, A* shm, bool take_max) {
  shm[threadIdx.x] = v;
  __syncthreads();
  for (int s = _BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      const A a = shm[threadIdx.x], b = shm[threadIdx.x + s];
      shm[threadIdx.x] = take_max ? (a > b ? a : b) : a + b;
    }
    __syncthreads();
  }
  const A r = shm[0];
  __syncthreads();  // shm is reused by the next reduction
  return r;
}

extern "C" __global__ void softmax_forward(
    const T* x, T* y, long long rows, int channels, long long inner, int take_log) {
  __shared__ A shm[_BLOCK];
  for (long long row = blockIdx.x; row < rows; row += gridDim.x) {
    const long long base = (row / inner) * channels * inner + row % inner;
    A m = (A)x[base];
    for (int c = threadIdx.x; c < channels; c += _BLOCK) {
      const A v = (A)x[base + c * inner];
      m = v > m ? v : m;
    }
    m = _block_reduce(m, shm, true);
    A s = 0;
    for (int c = threadIdx.x; c < channels; c += _BLOCK) {
      s += exp((A)x[base + c * inner] - m);
    }
    s = _block_reduce(s, shm, false);
    const A log_s = log(s), inv_s = (A)1 / s;
    for (int c = threadIdx.x; c < channels; c += _BLOCK) {
      const A d = (A)x[base + c * inner] - m;
      y[base + c * inner] = (T)(take_log ? d - log_s : exp(d) * inv_s);
    }
  }
}

extern "C" __global__ void softmax_backward(
    const T* y, const T* gy, T* gx, long long rows, int channels, long long inner,
    int from_log) {
  __shared__ A shm[_BLOCK];
  for (long long row = blockIdx.x; row < rows; row += gridDim.x) {
    const long long base = (row / inner) * channels * inner + row % inner;
    A s = 0;
    for (int c = threadIdx.x; c < channels; c += _BLOCK) {
      const long long k = base + c * inner;
      s += from_log ? (A)gy[k] : (A)y[k] * (A)gy[k];
    }
    s = _block_reduce(s, shm, false);
    for (int c = threadIdx.x; c < channels; c += _BLOCK) {
      const long long k = base + c * inner;
      const A yv = (A)y[k], g = (A)gy[k];
      gx[k] = (T)(from_log ? g - exp(yv) * s : yv * (g - s));
    }
  }
}
'''

_ROWS = RawSpec('softmax_rows', _SOURCE, ('softmax_forward', 'softmax_backward'),
                'Row kernels of softmax/log-softmax (see the module docstring).')


def _forward_factory(take_log):
    def factory(cupy, parts):
        get = parts['softmax_rows']

        def forward(x, axis=1):
            """Returns the (log-)softmax of ``x`` along ``axis``."""
            _launch.check_float('softmax', x)
            x = cupy.ascontiguousarray(x)
            outer, channels, inner = _launch.split_axis(x.shape, axis)
            y = cupy.empty_like(x)
            _launch.launch_rows(get(x.dtype, 'softmax_forward'), outer * inner, (
                x, y, numpy.int64(outer * inner), numpy.int32(channels),
                numpy.int64(inner), numpy.int32(take_log)))
            return y
        return forward
    return factory


def _backward_factory(from_log):
    def factory(cupy, parts):
        get = parts['softmax_rows']

        def backward(y, gy, axis=1):
            """Returns ``gx`` of the (log-)softmax from its output ``y`` and ``gy``."""
            _launch.check_float('softmax', y, 'y')
            y, gy = cupy.ascontiguousarray(y), cupy.ascontiguousarray(gy, dtype=y.dtype)
            if gy.shape != y.shape:
                raise ValueError('gy must have the shape of y {}, got {}'.format(
                    y.shape, gy.shape))
            outer, channels, inner = _launch.split_axis(y.shape, axis)
            gx = cupy.empty_like(y)
            _launch.launch_rows(get(y.dtype, 'softmax_backward'), outer * inner, (
                y, gy, gx, numpy.int64(outer * inner), numpy.int32(channels),
                numpy.int64(inner), numpy.int32(from_log)))
            return gx
        return backward
    return factory


KERNELS = [
    _ROWS,
    PythonKernel('softmax_fwd', _forward_factory(False),
                 'softmax_fwd(x, axis=1) -> y = softmax(x) along axis.', ('softmax_rows',)),
    PythonKernel('log_softmax_fwd', _forward_factory(True),
                 'log_softmax_fwd(x, axis=1) -> log softmax(x) along axis.',
                 ('softmax_rows',)),
    PythonKernel('softmax_bwd', _backward_factory(False),
                 'softmax_bwd(y, gy, axis=1) -> gx = y (gy - sum(y gy)).', ('softmax_rows',)),
    PythonKernel('log_softmax_bwd', _backward_factory(True),
                 'log_softmax_bwd(y, gy, axis=1) -> gx = gy - exp(y) sum(gy); y is the '
                 'log-softmax output.', ('softmax_rows',)),
]
