"""Passing the arrays of examples from worker processes through shared memory.

A worker copies the numpy arrays of each example into a fixed-size slot of a shared
buffer and sends back only a small placeholder per array; the main process copies the
arrays out of the slot. This avoids pickling large arrays through a pipe (Chainer v1.24's
``shared_mem`` option of :class:`~chainer.iterators.MultiprocessIterator`).

The arrays considered are those of an example that is itself an array, or the values of
an example that is a tuple, list or dict (as in v1, nested containers are not searched).
Arrays that do not fit in the slot travel by pickle as before.
"""
import collections

import numpy

#: Where an array of an example lies in its slot: byte ``offset`` from the start of the
#: buffer, then ``shape`` and ``dtype`` to rebuild it.
SharedArray = collections.namedtuple('SharedArray', ['offset', 'shape', 'dtype'])


def _shareable(value):
    # Object arrays hold references that mean nothing in another process, and
    # subclasses (e.g. masked arrays) carry more than their data: both are pickled.
    return (type(value) is numpy.ndarray and not value.dtype.hasobject
            and value.dtype.itemsize > 0)


def _map_values(example, fn):
    """Applies ``fn`` to the example or to the values of a tuple, list or dict example,
    keeping the container type."""
    kind = type(example)
    if kind is tuple or kind is list:
        return kind([fn(v) for v in example])
    if kind is dict:
        return {k: fn(v) for k, v in example.items()}
    return fn(example)


def needed_bytes(example):
    """Size of the slot that holds all the shareable arrays of ``example``."""
    sizes = []
    _map_values(example, lambda v: sizes.append(v.nbytes) if _shareable(v) else None)
    return sum(sizes)


def pack(example, buffer, start, size):
    """Copies the arrays of ``example`` into ``buffer[start:start + size]``.

    Args:
        example: An example read from the dataset.
        buffer (numpy.ndarray): The shared buffer as a 1-d uint8 array.
        start (int): Byte offset of the example's slot.
        size (int): Size of the slot in bytes.

    Returns:
        tuple: The example with each copied array replaced by a :class:`SharedArray`,
        and the slot size the example needs if some array did not fit (else 0).
    """
    end = start + size
    offset = [start]
    overflow = [False]

    def put(value):
        if not _shareable(value):
            return value
        if offset[0] + value.nbytes > end:
            overflow[0] = True
            return value
        _view(buffer, offset[0], value.shape, value.dtype)[...] = value
        placeholder = SharedArray(offset[0], value.shape, value.dtype)
        offset[0] += value.nbytes
        return placeholder

    packed = _map_values(example, put)
    return packed, (needed_bytes(example) if overflow[0] else 0)


def unpack(example, buffer):
    """Replaces the :class:`SharedArray` placeholders of a packed example by copies of
    the arrays they point to."""
    def take(value):
        if isinstance(value, SharedArray):
            return _view(buffer, value.offset, value.shape, value.dtype).copy()
        return value

    return _map_values(example, take)


def _view(buffer, offset, shape, dtype):
    dtype = numpy.dtype(dtype)
    nbytes = int(numpy.prod(shape, dtype=numpy.int64)) * dtype.itemsize
    return buffer[offset:offset + nbytes].view(dtype).reshape(shape)
