"""Views of a tabular dataset that re-select or re-label it: slices, the tuple and
dict forms, and a custom converter."""
from chainer.dataset.tabular import _indices
from chainer.dataset.tabular import tabular_dataset


class _View(tabular_dataset.TabularDataset):
    """A view over ``self._base``: same length, keys, mode, rows and conversion
    unless a subclass says otherwise."""

    def __init__(self, base):
        self._base = base

    def __len__(self):
        return len(self._base)

    @property
    def keys(self):
        return self._base.keys

    @property
    def mode(self):
        return self._base.mode

    def get_examples(self, indices, key_indices):
        return self._base.get_examples(indices, key_indices)

    def convert(self, data):
        return self._base.convert(data)


class SliceMaker(object):
    """What ``dataset.slice`` returns: ``[rows]`` or ``[rows, keys]`` makes a view."""

    def __init__(self, dataset):
        self._dataset = dataset

    def __getitem__(self, selection):
        if isinstance(selection, tuple):
            rows, keys = selection
        else:
            rows, keys = selection, None
        return Slice(self._dataset, rows, keys)


class Slice(_View):
    """Some rows and columns of a tabular dataset."""

    def __init__(self, base, rows, keys):
        super(Slice, self).__init__(base)
        # One key alone (not in a tuple) makes a single-column view.
        self._single = None if keys is None else not isinstance(keys, tuple)
        if self._single:
            keys = (keys,)
        self._rows = _indices.as_rows(rows, len(base))
        self._columns = None if keys is None else _indices.as_columns(keys, base.keys)

    def __len__(self):
        return _indices.n_rows(self._rows, len(self._base))

    @property
    def keys(self):
        if self._columns is None:
            return self._base.keys
        return tuple(self._base.keys[c] for c in self._columns)

    @property
    def mode(self):
        if self._single is None:
            return self._base.mode
        return None if self._single else (self._base.mode or tuple)

    def get_examples(self, indices, key_indices):
        rows = _indices.compose_rows(self._rows, indices, len(self._base), len(self))
        columns = _indices.compose_columns(self._columns, key_indices)
        return self._base.get_examples(rows, columns)


class AsMode(_View):
    """The same table with examples in another form (``tuple`` or ``dict``)."""

    def __init__(self, base, mode):
        super(AsMode, self).__init__(base)
        self._mode = mode

    @property
    def mode(self):
        return self._mode


class WithConverter(_View):
    """The same table whose :meth:`convert` is a given function."""

    def __init__(self, base, converter):
        super(WithConverter, self).__init__(base)
        self._converter = converter

    def convert(self, data):
        if isinstance(data, tuple):
            return self._converter(*data)
        if isinstance(data, dict):
            return self._converter(**data)
        return self._converter(data)
