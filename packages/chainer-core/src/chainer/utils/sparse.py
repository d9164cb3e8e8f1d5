"""Sparse matrices in COO format (v7's ``chainer.utils.CooMatrix`` and
:func:`to_coo`), the input of ``F.sparse_matmul``.

Index arrays may be padded to a fixed length (``ldnz``) with entries of row and column
-1 and data 0; those entries are ignored. Entries with the same index add up.
"""
import numpy

from chainer import cuda


class CooMatrix(object):
    """A sparse matrix (or a batch of them) in COO format.

    Args:
        data (array): the entries, of shape ``(nnz,)`` or ``(batch, nnz)``.
        row (array): their row indices (same shape; -1 for padding).
        col (array): their column indices (same shape; -1 for padding).
        shape (tuple of two ints): the shape of the dense matrix.
        order ('C', 'F', 'other' or None): whether the entries are sorted by row
            ('C') or by column ('F'); None finds it out with :func:`get_order`.
        requires_grad (bool): whether backprop computes the gradient of ``data``.

    Attributes:
        data (~chainer.Variable): the entries.
        row, col: the index arrays.
        shape (tuple): the dense shape.
        order (str): see above.
    """

    def __init__(self, data, row, col, shape, order=None, requires_grad=False):
        from chainer import variable
        if not 1 <= data.ndim <= 2:
            raise ValueError('ndim of data must be 1 or 2, got {}'.format(data.ndim))
        if not data.ndim == row.ndim == col.ndim:
            raise ValueError('data, row and col must have the same ndim')
        if len(shape) != 2:
            raise ValueError('shape must have length 2, got {}'.format(shape))
        if not (shape[0] > 0 and shape[1] > 0):
            raise ValueError('the numbers in shape must be positive, got {}'.format(
                shape))
        if order not in ('C', 'F', 'other', None):
            raise ValueError("order must be 'C', 'F', 'other' or None, got {!r}".format(
                order))
        self.data = variable.Variable(data, requires_grad=requires_grad)
        self.row = row
        self.col = col
        self.shape = tuple(shape)
        self.order = get_order(row, col) if order is None else order

    def to_dense(self):
        """Returns the dense array (``shape``, or ``(batch,) + shape``) of the data's
        dtype, duplicate entries summed."""
        data = self.data.data
        xp = cuda.get_array_module(data)
        if data.ndim == 1:
            return _dense(xp, data, self.row, self.col, self.shape)
        out = xp.zeros((data.shape[0],) + self.shape, dtype=data.dtype)
        for i in range(data.shape[0]):
            out[i] = _dense(xp, data[i], self.row[i], self.col[i], self.shape)
        return out


def _dense(xp, data, row, col, shape):
    keep = (row >= 0) & (col >= 0)
    flat = row[keep].astype(numpy.int64) * shape[1] + col[keep]
    size = shape[0] * shape[1]
    summed = xp.bincount(flat, weights=data[keep].astype(numpy.float64), minlength=size)
    return summed[:size].astype(data.dtype).reshape(shape)


def to_coo(x, ldnz=None, requires_grad=False):
    """Converts a dense matrix (2-d) or batch of matrices (3-d) to a
    :class:`CooMatrix` of its non-zero entries, in row-major order.

    Args:
        x (array): the dense matrix or matrices.
        ldnz (int): the length of the index arrays: ``max(nnz, ldnz)``, padded with
            -1 indices and zero data (for a batch, nnz is the largest of the batch).
        requires_grad (bool): see :class:`CooMatrix`.

    Returns:
        CooMatrix: the sparse form.

    Raises:
        ValueError: ``x`` is not 2-d or 3-d.
    """
    xp = cuda.get_array_module(x)
    if x.ndim == 2:
        data, row, col = _coo_arrays(xp, x, ldnz)
        return CooMatrix(data, row, col, x.shape, requires_grad=requires_grad)
    if x.ndim == 3:
        width = max([int((m != 0).sum()) for m in x] + [ldnz or 0])
        parts = [_coo_arrays(xp, m, width) for m in x]
        data, row, col = [xp.stack([p[k] for p in parts]) if parts else
                          xp.zeros((0, width), dtype=x.dtype if k == 0 else numpy.int32)
                          for k in range(3)]
        return CooMatrix(data, row, col, x.shape[1:], requires_grad=requires_grad)
    raise ValueError('ndim of x must be 2 or 3, got {}'.format(x.ndim))


def _coo_arrays(xp, m, ldnz):
    r, c = xp.nonzero(m)
    nnz = len(r)
    length = max(nnz, ldnz or 0)
    data = xp.zeros((length,), dtype=m.dtype)
    row = xp.full((length,), -1, dtype=numpy.int32)
    col = xp.full((length,), -1, dtype=numpy.int32)
    data[:nnz] = m[r, c]
    row[:nnz] = r
    col[:nnz] = c
    return data, row, col


def get_order(row, col):
    """Tells the order of COO entries: ``'C'`` when they are sorted by row (then
    column), ``'F'`` when sorted by column (then row), ``'other'`` otherwise.
    Padding entries (index -1) are skipped; a batch is in an order when every matrix
    is.

    Raises:
        ValueError: ``row`` and ``col`` differ in shape, or one index is -1 where the
            other is not.
    """
    if _sorted_by(row, col):
        return 'C'
    if _sorted_by(col, row):
        return 'F'
    return 'other'


def _sorted_by(major, minor):
    if major.shape != minor.shape:
        raise ValueError('row and col must have the same shape, got {} and {}'.format(
            major.shape, minor.shape))
    if major.ndim != 1:
        return all(_sorted_by(a, b) for a, b in zip(major, minor))
    major = cuda.to_cpu(major)
    minor = cuda.to_cpu(minor)
    if ((major < 0) != (minor < 0)).any():
        raise ValueError('invalid index combination of row and col: a padding index '
                         '(-1) in one of them only')
    keep = major >= 0
    major, minor = major[keep], minor[keep]
    if major.size <= 1:
        return True
    dmajor = numpy.diff(major)
    if (dmajor < 0).any():
        return False
    dminor = numpy.diff(minor)
    return bool((dminor[dmajor == 0] >= 0).all())
