"""``DatasetMixin``: integer, slice and index-list access built on ``get_example``."""
import numbers

import numpy


class DatasetMixin(object):
    """Default implementation of dataset indexing.

    A dataset only has to implement :meth:`get_example` and ``__len__``; this mixin turns
    ``get_example`` into the full ``__getitem__`` protocol the iterators rely on.
    Subclasses may override ``__getitem__`` to slice faster.
    """

    def __getitem__(self, index):
        """Returns an example or a list of examples.

        Args:
            index (int, slice, list or array of ints): Which examples to get. Negative
                integers count from the end, as for Python sequences. Any other index
                (a tuple, a key of the dataset's own) is given to :meth:`get_example`
                as it is, as v1 does.

        Returns:
            The example for an integer (or other) index; a list of examples for a
            slice, a list or an array.
        """
        if isinstance(index, slice):
            return [self.get_example(i) for i in range(*index.indices(len(self)))]
        if isinstance(index, numbers.Integral):
            return self.get_example(_normalize_index(int(index), len(self)))
        if isinstance(index, (list, numpy.ndarray)):
            n = len(self)
            return [self.get_example(_normalize_index(int(i), n)) for i in index]
        return self.get_example(index)

    def __len__(self):
        """Returns the number of data points."""
        raise TypeError(
            '{} must implement __len__'.format(type(self).__name__))

    def get_example(self, i):
        """Returns the ``i``-th example (``0 <= i < len(self)``).

        Implementations should override it and raise :class:`IndexError` for an invalid
        index.
        """
        raise TypeError(
            '{} must implement get_example'.format(type(self).__name__))


def _normalize_index(i, n):
    """Maps a possibly negative index into ``[0, n)`` or raises IndexError."""
    if i < -n or i >= n:
        raise IndexError('dataset index {} is out of range for length {}'.format(i, n))
    return i + n if i < 0 else i
