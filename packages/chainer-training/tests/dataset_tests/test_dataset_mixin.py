import numpy
import pytest

from chainer import dataset


class Squares(dataset.DatasetMixin):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def get_example(self, i):
        if not 0 <= i < self.n:
            raise IndexError(i)
        return i * i


def test_integer_and_negative_index():
    d = Squares(5)
    assert d[2] == 4
    assert d[-1] == 16
    assert d[numpy.int64(3)] == 9


def test_slice_returns_list_like_python():
    d = Squares(6)
    assert d[1:4] == [1, 4, 9]
    assert d[::-2] == [25, 9, 1]
    assert d[10:] == []


def test_index_sequence():
    d = Squares(5)
    assert d[[0, 4, -2]] == [0, 16, 9]
    assert d[numpy.array([1, 2])] == [1, 4]


def test_out_of_range_raises_index_error():
    d = Squares(3)
    with pytest.raises(IndexError):
        d[3]
    with pytest.raises(IndexError):
        d[-4]


def test_other_index_types_go_to_get_example_as_in_v1():
    class Grid(dataset.DatasetMixin):
        def __len__(self):
            return 4

        def get_example(self, i):
            row, column = i
            return row * 2 + column

    assert Grid()[(1, 1)] == 3


def test_missing_get_example_is_reported():
    class NoExample(dataset.DatasetMixin):
        def __len__(self):
            return 1

    with pytest.raises(TypeError, match='NoExample must implement get_example'):
        NoExample()[0]

    class NoLength(dataset.DatasetMixin):
        def get_example(self, i):
            return i

    with pytest.raises(TypeError, match='NoLength must implement __len__'):
        len(NoLength())


def test_iterator_without_next_is_reported():
    class NoNext(dataset.Iterator):
        pass

    it = NoNext()
    with pytest.raises(TypeError, match='NoNext must implement __next__'):
        next(it)
    it.finalize()  # the defaults of finalize and serialize do nothing
    it.serialize(None)


def test_iterator_base_protocol():
    class Count(dataset.Iterator):
        def __init__(self):
            self.i = 0
            self.finalized = False

        def __next__(self):
            if self.i == 2:
                raise StopIteration
            self.i += 1
            return [self.i]

        def finalize(self):
            self.finalized = True

    with Count() as it:
        assert iter(it) is it
        assert it.next() == [1]
        assert list(it) == [[2]]
    assert it.finalized
