"""chainer.dataset.TabularDataset and chainer.dataset.tabular (v7)."""
import numpy
import pytest

import chainer
from chainer.dataset import tabular


class _Table(chainer.dataset.TabularDataset):
    """Three columns a, b, c of 6 rows; records the selections it receives."""

    def __init__(self, mode=tuple, n=6):
        self.data = numpy.arange(3 * n).reshape(3, n)
        self._mode = mode
        self.calls = []

    def __len__(self):
        return self.data.shape[1]

    @property
    def keys(self):
        return ('a', 'b', 'c')

    @property
    def mode(self):
        return self._mode

    def get_examples(self, indices, key_indices):
        self.calls.append((indices, key_indices))
        data = self.data if indices is None else self.data[:, indices]
        if key_indices is not None:
            data = data[list(key_indices)]
        return tuple(list(row) for row in data)


def test_modes_fetch_get_example_and_convert():
    table = _Table()
    assert table[1] == (1, 7, 13)
    assert table.asdict()[2] == {'a': 2, 'b': 8, 'c': 14}
    a, b, c = table.fetch()
    assert a == [0, 1, 2, 3, 4, 5]
    converted = table.convert(table.fetch())
    assert isinstance(converted[0], numpy.ndarray)
    assert table.with_converter(lambda a, b, c: a[0] + c[0]).convert(table.fetch()) == 12
    assert len(list(iter(table))) == 6


def test_slices_compose_into_one_read():
    table = _Table()
    view = table.slice[1:6:2, ('c', 0)]
    assert len(view) == 3 and view.keys == ('c', 'a') and view.mode is tuple
    assert view.slice[::-1].fetch() == ([17, 15, 13], [5, 3, 1])
    assert table.calls[-1] == (slice(5, None, -2), (2, 0))
    single = table.slice[[True, False] * 3, 'b']
    assert single.mode is None and single.fetch() == [6, 8, 10]
    assert table.slice[[-1, 0]].fetch()[0] == [5, 0]
    with pytest.raises(IndexError):
        table.slice[[6]]
    with pytest.raises(KeyError):
        table.slice[:, 'z']
    with pytest.raises(ValueError):
        table.slice[[True]]


def test_concat_splits_rows_among_the_datasets():
    first, second = _Table(), _Table(n=3)
    both = first.concat(second)
    assert len(both) == 9
    assert both.get_examples(slice(8, 3, -2), None)[0] == [2, 0, 4]
    assert second.calls[-1][0] == slice(2, None, -2)
    assert first.calls[-1][0] == slice(4, 3, -2)
    assert both.get_examples([7, 1, 6], (0,)) == ([1, 1, 0],)
    assert both.get_examples([], None) == ([], [], [])
    with pytest.raises(ValueError):
        first.concat(first.slice[:, ('a', 'b')])


def test_join_transform_and_transform_batch():
    left = _Table()
    right = tabular.from_data({'d': numpy.arange(6) * 10})
    joined = left.join(right)
    assert joined.keys == ('a', 'b', 'c', 'd') and joined.mode is tuple
    assert joined.get_examples([2], (3, 0)) == ([20], [2])
    with pytest.raises(ValueError):
        left.join(left)
    summed = left.asdict().transform(('s', 'p'), lambda a, b, c: {'s': a + b, 'p': a * c})
    assert summed.mode is dict and summed[1] == {'s': 8, 'p': 13}
    batch = left.transform_batch('twice', lambda a, b, c: [2 * x for x in a])
    assert batch.mode is None and batch.fetch() == [0, 2, 4, 6, 8, 10]
    flipping = left.transform('x', lambda a, b, c: a if a % 2 else (a,))
    with pytest.raises(ValueError, match='same type'):
        flipping.fetch()
    bad = left.transform_batch('y', lambda a, b, c: a[:1])
    with pytest.raises(ValueError, match='rows'):
        bad.fetch()


def test_from_data_and_delegate_dataset():
    ds = tabular.from_data((numpy.arange(3), ('label', [5, 6, 7]),
                            (('sq', 'neg'), lambda i: (i * i, -i))))
    assert ds.mode is tuple and ds.keys[1:] == ('label', 'sq', 'neg')
    assert ds[2] == (2, 7, 4, -2)
    counted = tabular.from_data(('i', lambda i: i + 1), size=4)
    assert counted.fetch() == [1, 2, 3, 4]
    with pytest.raises(ValueError):
        tabular.from_data(lambda i: i)

    class Named(tabular.DelegateDataset):
        def first(self):
            return self[0]

    named = Named(ds.slice[:, ('label',)])
    assert named.first() == (5,) and named.keys == ('label',)
