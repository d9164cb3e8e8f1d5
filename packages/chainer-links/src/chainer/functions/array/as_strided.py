"""A strided view of the memory under a variable: ``as_strided``.

Strides and offsets are counted in elements (not bytes), relative to the start of the
memory that the input array lives in (its base array), as in Chainer v7.
"""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions.array import _add_at
from chainer.functions.array import _linear_grad
from chainer.utils import type_check


def _span(shape, strides, offset):
    """The lowest and the highest element index that a strided view touches."""
    low = high = offset
    for n, s in zip(shape, strides):
        if n == 0:
            return offset, offset - 1  # empty: touches nothing
        if s < 0:
            low += (n - 1) * s
        else:
            high += (n - 1) * s
    return low, high


def _base(array):
    while getattr(array, 'base', None) is not None and \
            not isinstance(array.base, (bytes, memoryview)):
        array = array.base
    return array


def _geometry(array):
    """``(strides, offset, storage_size)`` of ``array`` in elements."""
    item = array.itemsize
    if isinstance(array, numpy.ndarray):
        base = _base(array)
        offset = (array.__array_interface__['data'][0] -
                  base.__array_interface__['data'][0]) // item
        size = base.nbytes // item
    else:
        offset = (array.data.ptr - array.data.mem.ptr) // item
        size = array.data.mem.size // item
    return tuple(s // item for s in array.strides), offset, size


def _stride_array(array, shape, strides, storage_offset):
    """A view of the memory under ``array`` with the given shape and strides.

    Args:
        array (numpy.ndarray or cupy.ndarray): an array whose memory is viewed.
        shape (tuple of ints): shape of the view.
        strides (tuple of ints): strides of the view, in elements (may be negative).
        storage_offset (int): element index of the view's first element, counted
            from the start of the memory (the base array).

    Returns:
        the view (no copy).

    Raises:
        ValueError: when the view would reach outside the memory.
    """
    shape, strides = tuple(shape), tuple(strides)
    _, _, size = _geometry(array)
    low, high = _span(shape, strides, storage_offset)
    if low < 0:
        raise ValueError('as_strided: the view reaches before the memory (index {})'
                         .format(low))
    if high >= size:
        raise ValueError('as_strided: the view reaches past the memory (index {} of '
                         '{})'.format(high, size))
    item = array.itemsize
    byte_strides = tuple(s * item for s in strides)
    if isinstance(array, numpy.ndarray):
        return numpy.ndarray(shape, array.dtype, _base(array).data,
                             storage_offset * item, byte_strides)
    memptr = cuda.cupy.cuda.MemoryPointer(array.data.mem, storage_offset * item)
    return cuda.cupy.ndarray(shape, array.dtype, memptr, byte_strides)


def _locations(xp, shape, strides, offset):
    """The memory index of every element of a strided view (an int array of ``shape``)."""
    loc = xp.full(shape, offset, dtype=numpy.int64)
    for axis, (n, s) in enumerate(zip(shape, strides)):
        step = xp.arange(n, dtype=numpy.int64) * s
        loc = loc + step.reshape((n,) + (1,) * (len(shape) - axis - 1))
    return loc


class _Restride(function.Function):
    """The linear map from the input's values to the view's values: each memory
    element gets the mean of the input elements stored there (0 where none is), and
    the view reads those elements. Its adjoint is the gradient of :class:`AsStrided`.
    """

    def __init__(self, loc_x, loc_y, size):
        self.loc_x, self.loc_y, self.size = loc_x, loc_y, size

    def _counts(self, xp):
        counts = xp.bincount(self.loc_x.ravel(), minlength=self.size)
        return xp.maximum(counts, 1)[self.loc_x]

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        memory = xp.zeros(self.size, dtype=x.dtype)
        _add_at.add_at(memory, self.loc_x, x / self._counts(xp).astype(x.dtype))
        return memory[self.loc_y],

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: _Restride(
                    self.loc_x, self.loc_y, self.size)(*a))
        gy = grad_outputs[0]
        if gy.dtype.kind != 'f':
            raise TypeError('as_strided: only float arrays have a gradient, got {}'
                            .format(gy.dtype))
        xp = cuda.get_array_module(gy)
        memory = xp.zeros(self.size, dtype=gy.dtype)
        _add_at.add_at(memory, self.loc_y, gy)
        return memory[self.loc_x] / self._counts(xp).astype(gy.dtype),


class AsStrided(_Restride):
    """``y = as_strided(x, shape, strides, storage_offset)``: reads the memory under
    ``x`` (a copy of the view is returned); the gradient of each memory element is
    shared equally by the input elements stored there."""

    def __init__(self, shape, strides, storage_offset=None):
        self.shape = tuple(int(n) for n in shape)
        self.strides = tuple(int(s) for s in strides)
        if len(self.shape) != len(self.strides):
            raise ValueError('shape and strides must have the same length, got {} and '
                             '{}'.format(self.shape, self.strides))
        self.storage_offset = storage_offset

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        x_strides, x_offset, self.size = _geometry(x)
        offset = x_offset if self.storage_offset is None else self.storage_offset
        y = _stride_array(x, self.shape, self.strides, offset)
        self.loc_x = _locations(xp, x.shape, x_strides, x_offset)
        self.loc_y = _locations(xp, self.shape, self.strides, offset)
        return xp.array(y),


def as_strided(x, shape, strides, storage_offset=None):
    """A new view of the memory of ``x`` with the given shape and strides.

    As :func:`numpy.lib.stride_tricks.as_strided`, but ``strides`` and
    ``storage_offset`` count elements, and both are relative to the start of the
    memory that ``x`` is a view of; negative strides are allowed. The values are
    returned as a new array. In backward, the gradient of each memory element is
    divided equally among the elements of ``x`` that share it (elements of the view
    outside ``x`` get none). Only float arrays have a gradient (others raise
    TypeError in backward).

    Args:
        x (~chainer.Variable or array): input whose memory is viewed.
        shape (tuple of ints): shape of the result.
        strides (tuple of ints): strides of the result, in elements.
        storage_offset (int or None): element index of the first element of the
            result in the memory; None uses that of ``x``.

    Returns:
        ~chainer.Variable: the strided view's values.
    """
    return AsStrided(shape, strides, storage_offset)(x)
