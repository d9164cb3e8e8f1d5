"""Copying parameter blobs out of the memory-mapped model file without holding the file
in memory as well.

A blob read by :mod:`._model_file` is a view of the mapping: the pages it touches count
in the process's resident memory until they are unmapped. Copied in one go, a blob costs
twice its size at the peak (the file pages plus the parameter). :class:`MappedBlob`
copies it a slab at a time and drops each copied slab's pages from the process
(``madvise(MADV_DONTNEED)``: the mapping is read-only, so the data stays in the file and
the page cache and is read again if a view still needs it), so loading a model peaks at
about the size of its parameters.
"""
import mmap

import numpy

from chainer import initializer

#: Bytes copied between two releases.
SLAB = 8 * 2 ** 20


def mapping_of(array):
    """The ``mmap.mmap`` that ``array`` views, or None."""
    base = array
    while isinstance(base, numpy.ndarray):
        base = base.base
    if isinstance(base, memoryview):
        base = base.obj
    return base if isinstance(base, mmap.mmap) else None


def _address(buffer):
    return numpy.frombuffer(buffer, numpy.uint8, count=1).__array_interface__['data'][0]


def copy_releasing(dst, src):
    """Copies ``src`` (a C-contiguous view of a read-only mapping) into ``dst`` of the
    same size, releasing the mapping's pages behind the copy."""
    mapped = mapping_of(src)
    flat_dst, flat_src = dst.reshape(-1), src.reshape(-1)
    if mapped is None or not src.flags.c_contiguous or not hasattr(mapped, 'madvise'):
        numpy.copyto(dst, src)
        return
    start = flat_src.__array_interface__['data'][0] - _address(mapped)
    first_page = -(-start // mmap.PAGESIZE) * mmap.PAGESIZE  # whole pages only
    step = max(1, SLAB // src.itemsize)
    for i in range(0, flat_src.size, step):
        flat_dst[i:i + step] = flat_src[i:i + step]
        end = start + min(flat_src.size, i + step) * src.itemsize
        last_page = end // mmap.PAGESIZE * mmap.PAGESIZE
        if last_page > first_page:
            # From the blob's start, not the slab's: touching a page maps its neighbours
            # too (fault-around, large page-cache folios), the previous slab's included.
            mapped.madvise(mmap.MADV_DONTNEED, first_page, last_page - first_page)


class MappedBlob(initializer.Initializer):
    """Initializer that fills a parameter with a blob of the mapped model file,
    releasing the file's pages as it copies (see :func:`copy_releasing`)."""

    def __init__(self, blob):
        super(MappedBlob, self).__init__(dtype=None)
        self.blob = blob

    def __call__(self, array):
        if array.shape != self.blob.shape:
            raise ValueError('a blob of shape {} cannot fill a parameter of shape {}'
                             .format(self.blob.shape, array.shape))
        copy_releasing(array, self.blob)


def initial_value(blob):
    """What a link gets as the initial value of ``blob``: a :class:`MappedBlob` when it
    views the mapped file, else the array itself."""
    return MappedBlob(blob) if mapping_of(blob) is not None else blob
