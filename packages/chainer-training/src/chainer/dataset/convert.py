"""Batch conversion: ``concat_examples``, ``to_device``, the v7 converter protocol
(``Converter``, the ``converter`` decorator) and ``ConcatWithAsyncTransfer``."""
import numpy

import chainer
from chainer import cuda


def to_device(device, x):
    """Sends an array to a device.

    Args:
        device: Device ID (int: a negative value means the host (CPU); Chainer v1), a
            device specifier or object of Chainer v4+ (``'@numpy'``, ``'@cupy:0'``,
            :class:`chainer.backend.Device`), or None, which leaves the array where
            it is.
        x: Array to send.

    Returns:
        The array on the requested device (``x`` itself when nothing has to move).
    """
    if device is None:
        return x
    if not isinstance(device, (int, numpy.integer)):
        return chainer.get_device(device).send(x)
    if device < 0:
        return cuda.to_cpu(x)
    return cuda.to_gpu(x, device)


def concat_examples(batch, device=None, padding=None):
    """Concatenates a list of examples into array(s) along a new first (batch) axis.

    Each example is an array, a tuple of arrays or a dict of arrays; the result has the
    same structure, with the corresponding arrays of all examples stacked. Arrays of
    different shapes need ``padding``: the result then has, on every axis, the largest
    size among the examples, and elements outside an example hold the padding value.

    Args:
        batch (list): Examples, typically one minibatch from an iterator.
        device (int or None): Device ID to send the arrays to; negative means the host,
            None leaves them where they are.
        padding: Scalar used for the extra elements, or None (the default) to raise an
            error on shape mismatch. For tuple or dict examples it may also be a tuple or
            dict giving one padding value per entry.

    Returns:
        An array, a tuple of arrays or a dict of arrays, following the type of the
        examples.
    """
    if len(batch) == 0:
        raise ValueError('concat_examples: batch is empty')
    first = batch[0]
    if isinstance(first, tuple):
        paddings = _per_entry(padding, range(len(first)), tuple)
        return tuple(
            to_device(device, _concat_arrays([example[i] for example in batch], paddings[i]))
            for i in range(len(first)))
    if isinstance(first, dict):
        paddings = _per_entry(padding, first.keys(), dict)
        return {key: to_device(device, _concat_arrays([example[key] for example in batch],
                                                       paddings[key]))
                for key in first}
    return to_device(device, _concat_arrays(batch, padding))


def _per_entry(padding, keys, kind):
    """Expands ``padding`` to one value per tuple index or dict key."""
    if not isinstance(padding, kind):
        return {k: padding for k in keys}
    if kind is dict:
        missing = [k for k in keys if k not in padding]
    else:
        missing = [k for k in keys if k >= len(padding)]
    if missing:
        raise ValueError(
            'concat_examples: padding has no value for entries {}'.format(missing))
    return padding


def _concat_arrays(arrays, padding):
    first = arrays[0]
    if not isinstance(first, numpy.ndarray) and cuda.get_array_module(first) is numpy:
        # Scalars (labels) and nested lists become one host array directly.
        arrays = [numpy.asarray(a) for a in arrays]
        first = arrays[0]
    xp = cuda.get_array_module(first)
    if padding is None:
        shape = first.shape
        for a in arrays:
            if a.shape != shape:
                raise ValueError(
                    'concat_examples: arrays have different shapes ({} and {}); '
                    'pass padding= to pad them to a common shape'.format(shape, a.shape))
        return xp.stack(arrays)
    return _concat_arrays_with_padding(xp, arrays, padding)


def _concat_arrays_with_padding(xp, arrays, padding):
    ndim = arrays[0].ndim
    if any(a.ndim != ndim for a in arrays):
        raise ValueError('concat_examples: cannot pad arrays of different ndim ({})'.format(
            sorted({a.ndim for a in arrays})))
    shapes = numpy.array([a.shape for a in arrays], dtype=numpy.intp).reshape(len(arrays), ndim)
    max_shape = tuple(int(s) for s in shapes.max(axis=0))
    # the first example's dtype, as v1 and v7 (an empty float example among int ones,
    # np.array([]), leaves the batch int)
    result = xp.full((len(arrays),) + max_shape, padding, dtype=arrays[0].dtype)
    # The elements of example i occupy the box [0:s_0, 0:s_1, ...] of result[i]; the
    # True positions of the product of per-axis masks, in C order, are exactly the
    # elements of each example in C order, so one masked assignment fills everything.
    mask = xp.ones((len(arrays),) + max_shape, dtype=bool)
    for axis, size in enumerate(max_shape):
        lengths = xp.asarray(shapes[:, axis])
        axis_mask = xp.arange(size)[None, :] < lengths[:, None]
        view = [len(arrays)] + [1] * ndim
        view[axis + 1] = size
        mask &= axis_mask.reshape(view)
    result[mask] = xp.concatenate([a.ravel() for a in arrays])
    return result


def _as_device(device):
    """A device argument as a v7 converter receives it: None stays None, an int is a
    v1 device id (negative: the host), anything else a v4+ device specifier."""
    if device is None:
        return None
    if isinstance(device, (int, numpy.integer)):
        return chainer.get_device('@numpy' if device < 0 else '@cupy:{}'.format(device))
    return chainer.get_device(device)


class Converter(object):
    """Base class of the v7 converters: callables ``converter(batch, device)`` that
    turn a batch from an iterator into the inputs of a model, ``device`` being a
    :class:`chainer.backend.Device` (or None: leave the arrays where they are).

    Updaters and evaluators pass device objects to a ``Converter`` and v1 device ids
    to a plain function. A subclass implements :meth:`__call__`; the
    :func:`converter` decorator makes one from a function.
    """

    def __call__(self, batch, device):
        """Converts ``batch`` and sends it to ``device``; returns the result."""
        raise TypeError('{} must implement __call__'.format(type(self).__name__))


class _FunctionConverter(Converter):
    """A function as a :class:`Converter`; its device argument (the second
    positional one or the ``device`` keyword) is turned into a device object."""

    def __init__(self, function):
        if not callable(function):
            raise TypeError('converter() decorates a callable, got {}'.format(
                type(function).__name__))
        self.base_callable = function

    def __call__(self, *args, **kwargs):
        if len(args) >= 2:
            args = (args[0], _as_device(args[1])) + tuple(args[2:])
        elif 'device' in kwargs:
            kwargs['device'] = _as_device(kwargs['device'])
        return self.base_callable(*args, **kwargs)


def converter():
    """Decorator making a :class:`Converter` of a function ``f(batch, device)``.

    The decorated function receives a :class:`chainer.backend.Device` (or None) even
    when called with a v1 device id (an int, negative for the host), so it can use
    ``device.send(x)`` and ``device.xp``.

    Returns:
        A decorator: ``f`` -> a :class:`Converter` calling ``f``.
    """
    return _FunctionConverter


class ConcatWithAsyncTransfer(Converter):
    """:func:`concat_examples` as a converter object (v7), for GPU training loops.

    It concatenates (and pads) the examples on the host, then sends the arrays to the
    device. Chainer v7 overlaps that copy with computation on CUDA streams; here the
    arrays go through the device's own transfer (``device.send``), which gives the
    same arrays without the overlap. Picklable.

    Args:
        stream: CUDA stream of the copies in Chainer v7; kept for the call signature.
        compute_stream: CUDA stream of the computation in Chainer v7; kept for the
            call signature.
    """

    def __init__(self, stream=None, compute_stream=None):
        self.stream = stream
        self.compute_stream = compute_stream

    def __call__(self, batch, device=None, padding=None):
        """Concatenates ``batch`` like :func:`concat_examples` and sends it to
        ``device`` (a device id, specifier or object; None leaves it)."""
        return concat_examples(batch, device, padding)
