"""Dropout: the scaled keep mask from uniform draws.

``mask = 1 / (1 - ratio)`` where ``rand >= ratio``, else 0, so ``E[x * mask] = x``. The
draws ``rand`` (float32 for float16/32 data, float64 for float64) come from CuPy's generator
(seeded from ``CHAINER_SEED`` by the backend).
"""
from cupy_kernels.kernels.spec import ElementwiseSpec, FLOATS, PythonKernel

_MASK = ElementwiseSpec(
    'dropout_mask', 'R rand, R ratio', 'T mask',
    'mask = rand >= ratio ? (T)(1.0 / (1.0 - (double)ratio)) : (T)0',
    'dropout_mask(rand, ratio, mask): the scaled keep mask of dtype T.',
    dtypes={'R': ('float32', 'float64'), 'T': FLOATS}, scalars=('ratio',))


def _dropout_factory(cupy, parts):
    mask_kernel = parts['dropout_mask']

    def dropout_fwd(x, ratio):
        """Returns ``(y, mask)``: ``y = x * mask`` with a fresh mask of x's shape/dtype."""
        if not 0.0 <= ratio < 1.0:
            raise ValueError('ratio (the dropout ratio) must be in [0, 1), got {}'.format(
                ratio))
        rdtype = cupy.float64 if x.dtype == cupy.float64 else cupy.float32
        rand = cupy.random.random_sample(x.shape, dtype=rdtype)
        mask = cupy.empty(x.shape, dtype=x.dtype)
        mask_kernel(rand, rdtype(ratio), mask)
        return x * mask, mask
    return dropout_fwd


KERNELS = [
    _MASK,
    PythonKernel('dropout_fwd', _dropout_factory,
                 'dropout_fwd(x, ratio) -> (y, mask); the backward is gy * mask.',
                 ('dropout_mask',)),
]
