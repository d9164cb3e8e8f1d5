"""Shared launch helpers of the Python kernel wrappers."""
import numpy

#: Threads per block of the row kernels (must match ``_BLOCK`` in their CUDA sources).
ROW_BLOCK = 128
#: Upper bound on the grid of row kernels; they loop over the remaining rows.
MAX_GRID = 65535


def split_axis(shape, axis):
    """Returns ``(outer, channels, inner)``: the sizes before, at and after ``axis``.

    Raises:
        ValueError: when ``axis`` is out of range for ``shape``.
    """
    ndim = len(shape)
    if not -ndim <= axis < ndim:
        raise ValueError('axis {} is out of range for an array of {} dimensions'.format(
            axis, ndim))
    axis %= ndim
    outer = int(numpy.prod(shape[:axis], dtype=numpy.int64))
    inner = int(numpy.prod(shape[axis + 1:], dtype=numpy.int64))
    return outer, int(shape[axis]), inner


def launch_rows(kernel, rows, args):
    """Launches a row kernel (one block per row, grid-stride loop) on ``args``."""
    if rows == 0:
        return
    grid = min(rows, MAX_GRID)
    kernel((grid,), (ROW_BLOCK,), args)


def check_float(name, array, arg='x'):
    """Raises TypeError unless ``array`` is float16/32/64 (what the kernels are built for)."""
    if array.dtype.name not in ('float16', 'float32', 'float64'):
        raise TypeError('{}: {} must be float16, float32 or float64, got {}'.format(
            name, arg, array.dtype))
