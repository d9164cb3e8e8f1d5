"""Padding an array on its borders with :func:`numpy.pad` semantics: ``pad``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad

#: modes whose every output element is a copy of one input element (or, for
#: ``constant``, of the fill value): the gradient routes each output gradient back to
#: the input element it copies.
_COPYING_MODES = ('constant', 'edge', 'reflect', 'symmetric', 'wrap')

#: the keywords of :func:`numpy.pad` each mode accepts here
_MODE_KEYWORDS = {
    'constant': ('constant_values',),
    'reflect': ('reflect_type',),
    'symmetric': ('reflect_type',),
}


def _check_mode(mode, keywords):
    if mode not in _COPYING_MODES:
        raise ValueError('pad: unsupported mode {!r}; the modes are {}'.format(
            mode, ', '.join(_COPYING_MODES)))
    unknown = set(keywords) - set(_MODE_KEYWORDS.get(mode, ()))
    if unknown:
        raise TypeError('pad: mode {!r} takes no keyword {}'.format(
            mode, ', '.join(sorted(unknown))))
    # 'odd' reflection extrapolates (2 * edge - x) instead of copying.
    if keywords.get('reflect_type', 'even') != 'even':
        raise ValueError("pad: only reflect_type='even' is supported")


def _check_widths(pad_width):
    try:
        widths = numpy.asarray(pad_width)
    except ValueError:  # ragged: numpy.pad's own message says what is wrong
        return
    if widths.dtype.kind in 'iuf' and (widths < 0).any():
        raise ValueError('pad: pad_width must not be negative, got {!r}'.format(
            pad_width))


class Pad(function.Function):
    """Pads an array as :func:`numpy.pad` (``cupy.pad`` on the GPU) does.

    Args:
        pad_width (int or array-like): widths of the borders, as for numpy.pad.
        mode (str): ``'constant'``, ``'edge'``, ``'reflect'``, ``'symmetric'`` or
            ``'wrap'``.
        keywords: ``constant_values`` for ``'constant'`` and ``reflect_type``
            (``'even'`` only) for ``'reflect'`` and ``'symmetric'``.
    """

    def __init__(self, pad_width, mode, **keywords):
        _check_mode(mode, keywords)
        _check_widths(pad_width)
        self.pad_width = pad_width
        self.mode = mode
        self.keywords = keywords

    @property
    def pad_bw(self):
        """The widths as v1.24 and v7 keep them (an array; one number given becomes a
        pair), which exporters such as onnx-chainer read."""
        widths = numpy.asarray(self.pad_width)
        return numpy.repeat(widths, 2) if widths.size == 1 else widths

    def check_type_forward(self, in_types):
        # Whether pad_width fits the input's rank is numpy.pad's (or cupy.pad's) check.
        type_check.expect(in_types.size() == 1)
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        xp = cuda.get_array_module(*inputs)
        return xp.pad(inputs[0], self.pad_width, mode=self.mode, **self.keywords),

    def _linear_keywords(self):
        # The gradient is linear in the output gradient: a constant border is zero.
        keywords = dict(self.keywords)
        if self.mode == 'constant':
            keywords['constant_values'] = 0
        return keywords

    def _source_indices(self, xp, shape):
        """For each output element, the flat index of the input element it copies;
        -1 where the constant fill value was written."""
        indices = xp.arange(int(numpy.prod(shape)), dtype=numpy.int64).reshape(shape)
        keywords = dict(self.keywords)
        if self.mode == 'constant':
            keywords['constant_values'] = -1
        return xp.pad(indices, self.pad_width, mode=self.mode, **keywords)

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs,
                lambda *a: Pad(self.pad_width, self.mode, **self._linear_keywords())(*a))
        x, gy = inputs[0], grad_outputs[0]
        xp = cuda.get_array_module(x)
        sources = self._source_indices(xp, x.shape).ravel()
        copied = sources >= 0
        # bincount sums the gradients of every output copy of one input element.
        gx = xp.bincount(sources[copied], weights=gy.ravel()[copied], minlength=x.size)
        return gx.astype(x.dtype, copy=False).reshape(x.shape),


def pad(x, pad_width, mode, **keywords):
    """Pads the borders of a variable with the semantics of :func:`numpy.pad`.

    Args:
        x (~chainer.Variable or array): float input.
        pad_width (int or array-like): border widths: an int for every side, a pair
            ``(before, after)`` for every axis or one pair per axis.
        mode (str): ``'constant'`` fills with ``constant_values`` (default 0);
            ``'edge'``, ``'reflect'``, ``'symmetric'`` and ``'wrap'`` copy input
            elements as numpy.pad does.
        keywords: ``constant_values`` (int or array-like) for ``'constant'``;
            ``reflect_type='even'`` for ``'reflect'`` and ``'symmetric'``.

    Returns:
        ~chainer.Variable: the padded variable, of the input's dtype.

    Raises:
        ValueError: a negative width in ``pad_width`` (the message names it), or an
            unsupported ``mode``.
    """
    return Pad(pad_width, mode, **keywords)(x)
