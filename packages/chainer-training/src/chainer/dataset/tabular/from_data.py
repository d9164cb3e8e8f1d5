"""``from_data``: a tabular dataset made from arrays, lists and functions."""
import chainer
from chainer.dataset.tabular import tabular_dataset


def from_data(data, *, size=None):
    """Makes a :class:`~chainer.dataset.TabularDataset` from columns.

    ``data`` is one column, a tuple of columns (mode ``tuple``) or a dict of columns
    (mode ``dict``). A column is an array, a list, or a callable computing the column
    from the row index (``f(index)``; it needs a key and the ``size``). In a tuple, a
    column may be given with its key(s) as ``(key, column)``; ``(key, column)`` or
    ``((key1, key2), f)`` alone makes one (multi-key) column set. Columns without a
    key get a generated one.

    Args:
        data: The column(s), as above.
        size (int): Number of rows; needed when every column is a callable.

    Returns:
        TabularDataset: A view over the data (nothing is copied).
    """
    if isinstance(data, tuple):
        if len(data) == 2 and (isinstance(data[0], str) or (
                isinstance(data[0], tuple) and all(isinstance(k, str) for k in data[0]))):
            return _column(data[0], data[1], size)
        pairs = [d if isinstance(d, tuple) else (None, d) for d in data]
        size = _size(size, [column for _, column in pairs])
        datasets = [_column(key, column, size) for key, column in pairs]
        return datasets[0].join(*datasets[1:]).astuple()
    if isinstance(data, dict):
        size = _size(size, list(data.values()))
        datasets = [_column(key, column, size) for key, column in data.items()]
        return datasets[0].join(*datasets[1:]).asdict()
    return _column(None, data, size)


def _size(size, columns):
    for column in columns:
        if size is not None:
            break
        if not callable(column):
            size = len(column)
    return size


def _column(key, data, size):
    if isinstance(data, chainer.get_array_types()) or isinstance(data, list):
        return _Stored('_{}'.format(id(data)) if key is None else key, data)
    if callable(data):
        if key is None:
            raise ValueError('from_data: a callable column needs its key(s)')
        if size is None:
            raise ValueError('from_data: a callable column needs the size')
        return _RowIndex(size).transform(key, data)
    raise TypeError('from_data: a column is an array, a list or a callable, got '
                    '{}'.format(type(data).__name__))


class _Stored(tabular_dataset.TabularDataset):
    """One column stored in an array or a list."""

    def __init__(self, key, data):
        self._key = key
        self._data = data

    def __len__(self):
        return len(self._data)

    @property
    def keys(self):
        return (self._key,)

    @property
    def mode(self):
        return None

    def get_examples(self, indices, key_indices):
        n = 1 if key_indices is None else len(key_indices)
        if indices is None:
            column = self._data
        elif isinstance(indices, slice) or not isinstance(self._data, list):
            column = self._data[indices]
        else:
            column = [self._data[i] for i in indices]
        return (column,) * n


class _RowIndex(tabular_dataset.TabularDataset):
    """The column ``index``: each row's own index."""

    def __init__(self, size):
        self._size = size

    def __len__(self):
        return self._size

    @property
    def keys(self):
        return ('index',)

    @property
    def mode(self):
        return None

    def get_examples(self, indices, key_indices):
        if indices is None:
            indices = slice(None)
        if isinstance(indices, slice):
            indices = list(range(*indices.indices(self._size)))
        return (indices,) * (1 if key_indices is None else len(key_indices))
