"""``TabularDataset``: a dataset of named columns, read in blocks of rows (v7)."""
import chainer
from chainer.dataset import dataset_mixin


def _must_implement(obj, name):
    return TypeError('{} must implement {}'.format(type(obj).__name__, name))


class TabularDataset(dataset_mixin.DatasetMixin):
    """Base of the tabular datasets: a table of rows (the examples) and named columns.

    A subclass implements ``__len__``, :attr:`keys`, :attr:`mode` and
    :meth:`get_examples`. The methods build lazy views: :attr:`slice` (rows and
    columns), :meth:`astuple` / :meth:`asdict` (the form of an example), :meth:`concat`
    (rows of several datasets), :meth:`join` (columns of several datasets),
    :meth:`transform` / :meth:`transform_batch` (computed columns) and
    :meth:`with_converter`; :meth:`fetch` reads everything and :meth:`convert` turns
    the result into arrays.
    """

    def __len__(self):
        raise _must_implement(self, '__len__')

    @property
    def keys(self):
        """Names of the columns (a tuple of str)."""
        raise _must_implement(self, 'keys')

    @property
    def mode(self):
        """Form of an example: ``tuple``, ``dict`` (by column name) or None (a single
        column, the value itself)."""
        raise _must_implement(self, 'mode')

    def get_examples(self, indices, key_indices):
        """Reads a block of the table.

        Args:
            indices: Rows: None (all), a ``slice`` or a list of ints.
            key_indices: Columns: None (all) or a tuple of column positions.

        Returns:
            tuple: One sequence (list or array) per selected column.
        """
        raise _must_implement(self, 'get_examples')

    @property
    def slice(self):
        """``dataset.slice[rows]`` or ``dataset.slice[rows, keys]``: a view of some
        rows (slice, ints or booleans) and columns (names or positions; one key alone
        gives a single-column view of mode None)."""
        from chainer.dataset.tabular import _views
        return _views.SliceMaker(self)

    def fetch(self):
        """Reads the whole table: a tuple or dict of columns, or the single column."""
        columns = self.get_examples(None, None)
        return self._shape(columns)

    def _shape(self, values):
        if self.mode is tuple:
            return tuple(values)
        if self.mode is dict:
            return dict(zip(self.keys, values))
        return values[0]

    def convert(self, data):
        """Turns fetched columns (lists) into arrays; other data is kept as it is."""
        if isinstance(data, tuple):
            return tuple(_as_array(d) for d in data)
        if isinstance(data, dict):
            return {k: _as_array(v) for k, v in data.items()}
        return _as_array(data)

    def astuple(self):
        """A view whose examples are tuples."""
        from chainer.dataset.tabular import _views
        return _views.AsMode(self, tuple)

    def asdict(self):
        """A view whose examples are dicts keyed by column name."""
        from chainer.dataset.tabular import _views
        return _views.AsMode(self, dict)

    def concat(self, *datasets):
        """The rows of this dataset followed by those of ``datasets`` (same keys)."""
        from chainer.dataset.tabular import _concat
        return _concat.Concat(self, *datasets)

    def join(self, *datasets):
        """The columns of this dataset followed by those of ``datasets`` (same length,
        distinct keys)."""
        from chainer.dataset.tabular import _join
        return _join.Join(self, *datasets)

    def transform(self, keys, transform):
        """A view whose columns ``keys`` are computed example by example:
        ``transform`` receives an example's values (positional for tuple and single
        mode, by name for dict mode) and returns a tuple, a dict or one value."""
        from chainer.dataset.tabular import _transform
        return _transform.Transform(self, keys, transform)

    def transform_batch(self, keys, transform_batch):
        """Like :meth:`transform`, ``transform_batch`` receiving whole columns and
        returning columns of the same length."""
        from chainer.dataset.tabular import _transform
        return _transform.TransformBatch(self, keys, transform_batch)

    def with_converter(self, converter):
        """A view whose :meth:`convert` calls ``converter`` (with the columns as
        positional arguments, as keywords in dict mode, or the single column)."""
        from chainer.dataset.tabular import _views
        return _views.WithConverter(self, converter)

    def get_example(self, i):
        """The ``i``-th row, in the form :attr:`mode` says."""
        return self._shape([column[0] for column in self.get_examples([i], None)])

    def __iter__(self):
        return (self.get_example(i) for i in range(len(self)))


def _as_array(data):
    if isinstance(data, chainer.get_array_types()):
        return data
    from chainer import backend
    device = backend.get_device_from_array(data[0])
    with chainer.using_device(device):
        return device.xp.asarray(data)
