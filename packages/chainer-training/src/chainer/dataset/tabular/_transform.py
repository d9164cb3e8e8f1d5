"""Tabular datasets whose columns a function computes from another dataset's rows."""
from chainer.dataset.tabular import _indices
from chainer.dataset.tabular import tabular_dataset

_UNSET = object()


def _call(function, base, values):
    """Calls ``function`` with ``values`` as the base's mode passes them."""
    if base.mode is dict:
        return function(**dict(zip(base.keys, values)))
    return function(*values)


def _mode_of(result):
    if isinstance(result, tuple):
        return tuple
    if isinstance(result, dict):
        return dict
    return None


class _Computed(tabular_dataset.TabularDataset):

    def __init__(self, base, keys, function):
        self._base = base
        self._keys = keys if isinstance(keys, tuple) else (keys,)
        self._function = function
        self._mode = _UNSET  # known from the first result

    def __len__(self):
        return len(self._base)

    @property
    def keys(self):
        return self._keys

    @property
    def mode(self):
        if self._mode is _UNSET:
            self.get_examples([0], None)
        return self._mode

    def convert(self, data):
        return self._base.convert(data)

    def _check_mode(self, result, what):
        mode = _mode_of(result)
        if self._mode is not _UNSET and mode is not self._mode:
            raise ValueError('{} must return the same type every time (a tuple, a '
                             'dict or a single value)'.format(what))
        self._mode = mode
        return mode

    def _pick(self, result, mode, position):
        if mode is dict:
            return result[self._keys[position]]
        if mode is tuple:
            return result[position]
        return result


class Transform(_Computed):
    """Columns ``keys`` computed row by row by ``transform``."""

    def get_examples(self, indices, key_indices):
        if key_indices is None:
            key_indices = range(len(self._keys))
        columns = tuple([] for _ in key_indices)
        for values in zip(*self._base.get_examples(indices, None)):
            result = _call(self._function, self._base, values)
            mode = self._check_mode(result, 'transform')
            for column, position in zip(columns, key_indices):
                column.append(self._pick(result, mode, position))
        return columns


class TransformBatch(_Computed):
    """Columns ``keys`` computed block by block by ``transform_batch``."""

    def get_examples(self, indices, key_indices):
        if key_indices is None:
            key_indices = range(len(self._keys))
        length = _indices.n_rows(indices, len(self))
        result = _call(self._function, self._base, self._base.get_examples(indices, None))
        mode = self._check_mode(result, 'transform_batch')
        all_columns = (result.values() if mode is dict else
                       result if mode is tuple else (result,))
        if any(len(column) != length for column in all_columns):
            raise ValueError('transform_batch must return columns of {} rows (as many '
                             'as it was given)'.format(length))
        return tuple(self._pick(result, mode, position) for position in key_indices)
