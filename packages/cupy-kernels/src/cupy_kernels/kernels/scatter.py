"""Scatter-add with atomics: the backward of gathers (``embed_id``, ROI pooling, sampled
losses), where several indices may hit the same row.

.. math:: dst[indices[m], r] \\mathrel{+}= values[m, r]
"""
from cupy_kernels.kernels.spec import ElementwiseSpec, INDEXES, PythonKernel

_ADD = ElementwiseSpec(
    'scatter_add_rows', 'raw T values, raw S ids, int64 row', 'raw T dst',
    'atomicAdd(&dst[ids[i / row] * row + i % row], values[i])',
    'scatter_add_rows(values, ids, row, dst, size=values.size): one atomic add per value '
    'element; values (M * row,), ids (M,), dst C-contiguous flat.',
    dtypes={'S': INDEXES}, scalars=('row',))


def _scatter_add_factory(cupy, parts):
    add = parts['scatter_add_rows']

    def scatter_add(dst, indices, values):
        """``dst[indices[m], ...] += values[m, ...]`` in place, duplicates accumulating.

        Args:
            dst: C-contiguous GPU array (N, ...) (1-d: rows of one element).
            indices: int32/int64 array (M,) of rows of ``dst``.
            values: array (M, ...) with dst's dtype and row shape.
        """
        if not dst.flags.c_contiguous:
            raise ValueError('scatter_add: dst must be C-contiguous')
        row = dst.size // dst.shape[0] if dst.ndim and dst.shape[0] else 1
        indices = cupy.ascontiguousarray(indices).ravel()
        if indices.dtype.kind not in 'iu':
            raise TypeError('scatter_add: indices must be integers, got {}'.format(
                indices.dtype))
        if indices.dtype.name not in ('int32', 'int64'):  # the kernel's index types
            indices = indices.astype(cupy.int64)
        values = cupy.ascontiguousarray(values, dtype=dst.dtype).ravel()
        if values.size != indices.size * row:
            raise ValueError('scatter_add: values must hold {} rows of {} elements, got {} '
                             'elements'.format(indices.size, row, values.size))
        if values.size:
            add(values, indices, row, dst.ravel(),
                size=values.size)
        return dst
    return scatter_add


KERNELS = [
    _ADD,
    PythonKernel('scatter_add', _scatter_add_factory,
                 'scatter_add(dst, indices, values): dst[indices[m]] += values[m] '
                 'atomically, in place (returns dst).', ('scatter_add_rows',)),
]
