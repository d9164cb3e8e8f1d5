"""Splitting of a variable along an axis: ``split_axis``."""
import numpy

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.functions.array._fill import fill_missing_grads
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class SplitAxis(function.Function):
    """Splits an array into pieces along ``axis`` (views); the gradient concatenates back.

    ``indices_or_sections`` is either a number N of equal sections or a sorted 1-d
    sequence of split positions, as for :func:`numpy.split`. The positions may
    not exceed the length of the axis (v1 asked for less, v7 allows equal), and pieces
    may be empty (positions ``[0]`` give an empty first piece).
    """

    def __init__(self, indices_or_sections, axis):
        if isinstance(indices_or_sections, (int, numpy.integer)) and \
                not isinstance(indices_or_sections, bool):
            if indices_or_sections < 1:
                raise ValueError('indices_or_sections must be a positive int, got {}'
                                 .format(indices_or_sections))
            self.sections = int(indices_or_sections)
            self.indices = None
        else:
            if hasattr(indices_or_sections, '__cuda_array_interface__'):
                indices_or_sections = cuda.to_cpu(indices_or_sections)
            indices = numpy.asarray(indices_or_sections)
            if indices.ndim != 1 or (indices.size and indices.dtype.kind not in 'iu'):
                raise TypeError('indices_or_sections must be an int or a 1-D sequence '
                                'of ints, got {!r}'.format(indices_or_sections))
            self.sections = None
            self.indices = [int(i) for i in indices]
            # Unsorted positions would make overlapping pieces (whose gradients could
            # not be concatenated back); v1 raised this ValueError in debug mode.
            if any(p > n for p, n in zip(self.indices, self.indices[1:])):
                raise ValueError('indices_or_sections must be sorted, got {}'
                                 .format(self.indices))
        self.axis = check_int(axis, 'axis')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        check_axis(self.axis, x_type.ndim)
        ndim = type_check.eval(x_type.ndim)
        length = x_type.shape[self.axis % ndim]
        if self.sections is not None:
            type_check.expect(
                length % type_check.make_variable(self.sections, 'sections') == 0)
        elif self.indices:
            # v7 allows a last position equal to the length (an empty last piece);
            # v1 asked for less.
            type_check.expect(
                length >= type_check.make_variable(self.indices[-1], 'max_index'))

    def forward(self, xs):
        x = xs[0]
        xp = cuda.get_array_module(x)
        ys = xp.split(x, self.sections if self.indices is None else self.indices,
                      axis=self.axis)
        self._out_like = [(y.shape, y.dtype) for y in ys]
        return tuple(ys)

    @property
    def _differentiable_backward(self):
        return _linear_grad.outputs_alive(self)

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            where = self.sections if self.indices is None else self.indices
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: SplitAxis(where, self.axis)(*a))
        xp = cuda.get_array_module(xs[0])
        return xp.concatenate(fill_missing_grads(xp, gys, self._out_like), axis=self.axis),


def split_axis(x, indices_or_sections, axis, force_tuple=False):
    """Splits a given variable along an axis.

    Args:
        x (~chainer.Variable): variable to be split.
        indices_or_sections (int or 1-D array): an integer N divides the array into
            N equal arrays along ``axis``; a 1-D array of sorted integers, each at most
            the length of the axis, gives the positions where the array is
            split (repeated positions, or a first position 0, give empty pieces).
        axis (int): axis that the input array is split along.
        force_tuple (bool): if True, a tuple is returned even when there is only one
            output. The default is False as in Chainer v1 (v7's default is True;
            v7 code that relies on it with a single piece must pass it), except for
            an empty sequence of positions, which gives a tuple of the one piece
            whatever ``force_tuple`` says: code splitting at positions computed from
            sequence lengths (``numpy.cumsum(lengths[:-1])``, empty for a batch of
            one) iterates the pieces (v7), and v1 code had to special-case it.

    Returns:
        tuple or ~chainer.Variable: the pieces (a single variable when there is one
        output, ``force_tuple`` is False and ``indices_or_sections`` is the number 1).
    """
    ys = SplitAxis(indices_or_sections, axis)(x)
    if not isinstance(ys, tuple) and (force_tuple or _no_positions(indices_or_sections)):
        ys = (ys,)
    elif not isinstance(ys, tuple):
        ys.__class__ = _OnePiece
    return ys


class _OnePiece(variable.Variable):
    """The single piece v1's ``split_axis`` returns as a Variable (``force_tuple=False``)
    that iterates as v7's one-piece tuple: ``list(piece)`` is ``[piece]``. v7 code
    splits a batch into ``len(x)`` pieces and iterates them (ChainerRL's recurrent
    agents, a batch of one); v1 code gets the Variable, whose indexing, ``len`` (the
    one piece along ``axis=0``) and everything else are a Variable's."""

    __slots__ = ()

    def __iter__(self):
        return iter((self,))


def _no_positions(indices_or_sections):
    """Whether ``indices_or_sections`` is an empty sequence of split positions."""
    if isinstance(indices_or_sections, (int, numpy.integer)) or \
            getattr(indices_or_sections, 'ndim', 1) == 0:
        return False
    return len(indices_or_sections) == 0
