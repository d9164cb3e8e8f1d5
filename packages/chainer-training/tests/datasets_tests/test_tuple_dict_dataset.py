import numpy
import pytest

from chainer import datasets


def test_tuple_dataset_zips_examples():
    x = numpy.arange(12).reshape(4, 3)
    t = numpy.arange(4, dtype=numpy.int32)
    d = datasets.TupleDataset(x, t)
    assert len(d) == 4
    xi, ti = d[2]
    numpy.testing.assert_array_equal(xi, x[2])
    assert ti == 2
    sliced = d[1:3]
    assert isinstance(sliced, list) and len(sliced) == 2
    numpy.testing.assert_array_equal(sliced[1][0], x[2])
    assert sliced[1][1] == 2


def test_tuple_dataset_with_lists_and_fancy_index():
    d = datasets.TupleDataset(numpy.arange(5), numpy.arange(5) * 10)
    assert d[numpy.array([4, 0])] == [(4, 40), (0, 0)]


def test_tuple_dataset_length_mismatch():
    with pytest.raises(ValueError, match='same length'):
        datasets.TupleDataset(numpy.zeros(3), numpy.zeros(4))
    with pytest.raises(ValueError, match='no datasets'):
        datasets.TupleDataset()


def test_dict_dataset():
    d = datasets.DictDataset(x=numpy.arange(3), y=['a', 'b', 'c'])
    assert len(d) == 3
    assert d[1] == {'x': 1, 'y': 'b'}
    assert d[:2] == [{'x': 0, 'y': 'a'}, {'x': 1, 'y': 'b'}]
    with pytest.raises(ValueError, match='same length'):
        datasets.DictDataset(x=[1], y=[1, 2])


def test_transform_dataset_applies_lazily():
    calls = []

    def double(v):
        calls.append(v)
        return v * 2

    d = datasets.TransformDataset([1, 2, 3], double)
    assert calls == []
    assert len(d) == 3
    assert d[1] == 4
    assert d[::2] == [2, 6]
    with pytest.raises(TypeError, match='callable'):
        datasets.TransformDataset([1], 3)
