"""Gradients that are zero but for some rows: what an embedding lookup's backward adds
into its table.

An ``EmbedID`` applied at every step of a sequence gets one gradient per step, each the
size of the whole table (``n_vocab x n_units``) though only the rows of that step's ids
are not zero: a language model with a 10,000-word vocabulary and 35 steps would write
and add up 35 tables per iteration. Where the array engine allows it (the table is a
host leaf, see :data:`chainer._deferred_grad.HOST_LEAF`), such a backward returns a
:class:`RowsGrad` instead, and the engine adds its rows into the table's gradient in
place (or makes that gradient from them): the same sums, without the zero rows.
"""
import numpy


class RowsGrad(object):
    """A gradient of ``shape`` and ``dtype`` that is zero except at rows ``ids``.

    Args:
        shape (tuple of ints): the gradient's shape (the leaf's).
        dtype: its dtype.
        ids (numpy.ndarray): distinct row indices (integers, 1-d).
        rows (numpy.ndarray): the values of those rows, ``(len(ids),) + shape[1:]``.
    """

    __slots__ = ('shape', 'dtype', 'ids', 'rows')

    def __init__(self, shape, dtype, ids, rows):
        self.shape = tuple(shape)
        self.dtype = numpy.dtype(dtype)
        self.ids = ids
        self.rows = rows

    def dense(self):
        """The gradient as a new array."""
        grad = numpy.zeros(self.shape, dtype=self.dtype)
        grad[self.ids] = self.rows
        return grad

    def add_to(self, grad):
        """Adds the rows into ``grad`` (an array of :attr:`shape`) in place."""
        grad[self.ids] += self.rows

    def __repr__(self):
        return '<gradient of shape {} nonzero in {} rows>'.format(self.shape,
                                                                   len(self.ids))
