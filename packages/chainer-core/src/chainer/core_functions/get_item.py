"""Indexing a variable: ``x[slices]`` and ``F.get_item`` (basic and advanced indexing)."""
import numpy

from chainer import cuda
from chainer import function
from chainer import function_node
from chainer import utils
from chainer.utils import type_check

_BASIC = (int, slice, type(None), type(Ellipsis), numpy.integer)


def _is_basic(slices):
    return all(isinstance(s, _BASIC) and not isinstance(s, bool) for s in slices)


def _is_tuple_like(index):
    """Whether a list index means a tuple of per-axis indices, by the rule of the numpy
    releases Chainer v1 ran on (before 1.23): a short list (under 32 entries) holding a
    slice, None, Ellipsis or a sequence, e.g. ``x[[1, [1]]]`` is ``x[1, [1]]``."""
    return len(index) < 32 and any(
        s is None or s is Ellipsis or isinstance(s, (slice, list, tuple, numpy.ndarray))
        for s in index)


def _axes_indexed(index):
    """How many axes of the array an index takes: None and Ellipsis none, a boolean
    array as many as its dimensions (a 0-d one none), anything else one."""
    if index is None or index is Ellipsis:
        return 0
    if getattr(index, 'dtype', None) is not None and index.dtype == bool:
        return index.ndim
    return 1


class GetItem(function.Function):
    """Extracts ``x[slices]``; the gradient scatters back (adding at repeated indices)."""

    def __init__(self, slices):
        if isinstance(slices, list) and _is_tuple_like(slices):
            slices = tuple(slices)
        if not isinstance(slices, tuple):
            slices = (slices,)
        slices = tuple(s.data if hasattr(s, 'creator') else s for s in slices)
        if sum(1 for s in slices if s is Ellipsis) > 1:
            raise ValueError('only one Ellipsis is allowed in slices')
        self.slices = slices
        self._basic = _is_basic(slices)

    @property
    def label(self):
        return 'GetItem'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        ndim = type_check.eval(in_types[0].ndim)
        n_index = sum(_axes_indexed(s) for s in self.slices)
        if n_index > ndim:
            raise type_check.InvalidType(
                'number of indexed axes ({}) <= in_types[0].ndim'.format(n_index),
                '{} > {}'.format(n_index, ndim))

    def forward(self, xs):
        return utils.force_array(xs[0][self.slices]),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if isinstance(gys[0], function.Variable):  # a double backprop
            return _Scatter(self.slices, self._basic, xs[0].shape,
                            xs[0].dtype).apply((gys[0],))
        return _scatter(self.slices, self._basic, xs[0], gys[0]),


def _scatter(slices, basic, like, gy):
    """Zeros shaped as ``like`` with ``gy`` added at ``slices``."""
    xp = cuda.get_array_module(like)
    gx = xp.zeros_like(like)
    if basic:
        gx[slices] = gy
    elif xp is numpy:
        numpy.add.at(gx, slices, gy)
    else:
        gx.scatter_add(slices, gy)
    return gx


class _Scatter(function_node.FunctionNode):
    """The gradient of :class:`GetItem` as a node: ``gy`` scattered (added) into zeros
    of the input's shape; its own gradient is ``ggx[slices]``."""

    def __init__(self, slices, basic, shape, dtype):
        self.slices = slices
        self._basic = basic
        self._shape = shape
        self._dtype = dtype

    def forward(self, inputs):
        gy = inputs[0]
        like = cuda.get_array_module(gy).empty(self._shape, self._dtype)
        return _scatter(self.slices, self._basic, like, gy),

    def backward(self, indexes, grad_outputs):
        return GetItem(self.slices)(grad_outputs[0]),


def get_item(x, slices):
    """Extracts elements of ``x`` as NumPy indexing does.

    Args:
        x (~chainer.Variable): Variable to be sliced.
        slices (int, slice, None, Ellipsis, integer or boolean arrays, or a tuple of
            them): the index. Basic indexing as in NumPy; integer and boolean arrays
            give advanced indexing, whose gradient adds up at repeated indices.

    Returns:
        ~chainer.Variable: the sliced variable.
    """
    return GetItem(slices)(x)
