"""Tests of HDF5Serializer, HDF5Deserializer, save_hdf5 and load_hdf5."""
import sys

import numpy
import pytest

import chainer
from chainer import serializers

h5py = pytest.importorskip('h5py')


def _link():
    link = chainer.Link(W=(4, 5))
    link.W.data[...] = numpy.arange(20).reshape(4, 5)
    link.add_persistent('count', 7)
    link.add_persistent('label', 'encoder')
    return link


def test_hierarchy_maps_to_groups(tmp_path):
    path = str(tmp_path / 'm.h5')
    serializers.save_hdf5(path, chainer.Chain(enc=chainer.ChainList(_link())))
    with h5py.File(path, 'r') as f:
        assert isinstance(f['enc'], h5py.Group)
        assert isinstance(f['enc/0'], h5py.Group)
        numpy.testing.assert_array_equal(f['enc/0/W'][()], _link().W.data)
        assert f['enc/0/W'].compression == 'gzip'
        assert f['enc/0/W'].compression_opts == 4
        assert f['enc/0/count'][()] == 7
        assert f['enc/0/label'].asstr()[()] == 'encoder'


def test_serializer_on_group_with_compression(tmp_path):
    path = str(tmp_path / 'm.h5')
    with h5py.File(path, 'w') as f:
        serializers.HDF5Serializer(f.create_group('model'), compression=9).save(
            _link())
        assert f['model/W'].compression_opts == 9
    loaded = chainer.Link(W=(4, 5))
    loaded.add_persistent('count', 0)
    loaded.add_persistent('label', '')
    with h5py.File(path, 'r') as f:
        serializers.HDF5Deserializer(f['model']).load(loaded)
    numpy.testing.assert_array_equal(loaded.W.data, _link().W.data)
    assert loaded.count == 7 and loaded.label == 'encoder'


def test_bad_compression_level(tmp_path):
    with h5py.File(str(tmp_path / 'm.h5'), 'w') as f:
        with pytest.raises(ValueError, match='compression'):
            serializers.HDF5Serializer(f, compression=11)


def test_missing_group_names_path(tmp_path):
    path = str(tmp_path / 'm.h5')
    serializers.save_hdf5(path, chainer.Chain(a=_link()))
    with pytest.raises(KeyError, match='b/W'):
        serializers.load_hdf5(path, chainer.Chain(b=chainer.Link(W=(4, 5))))


def test_none_value_returns_stored_array(tmp_path):
    path = str(tmp_path / 'm.h5')
    serializers.save_hdf5(path, _link())
    with h5py.File(path, 'r') as f:
        value = serializers.HDF5Deserializer(f)('W', None)
    assert isinstance(value, numpy.ndarray) and value.shape == (4, 5)


def test_missing_h5py_names_the_extra(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, 'h5py', None)
    for call in (lambda: serializers.save_hdf5(str(tmp_path / 'm.h5'), _link()),
                 lambda: serializers.load_hdf5(str(tmp_path / 'm.h5'), _link()),
                 lambda: serializers.HDF5Serializer(None)):
        with pytest.raises(ImportError, match=r'pip install chainer-core\[hdf5\]'):
            call()


def test_missing_h5py_is_a_runtime_error_and_unavailable_as_in_v1(monkeypatch):
    from chainer.serializers import hdf5
    assert hdf5._available is True
    monkeypatch.setitem(sys.modules, 'h5py', None)
    assert hdf5._available is False
    with pytest.raises(RuntimeError, match='h5py'):
        serializers.HDF5Deserializer(None)


def test_non_strict_deserializer_skips_missing_entries_and_groups_as_in_v1(tmp_path):
    path = str(tmp_path / 'partial.h5')
    with h5py.File(path, 'w') as f:
        f.create_dataset('x', data=numpy.asarray(10))
        f.create_group('child').create_dataset('W', data=numpy.ones((2, 3), 'f'))
    with h5py.File(path, 'r') as f:
        deserializer = serializers.HDF5Deserializer(f, strict=False)
        y = numpy.zeros((2, 3), 'f')
        assert deserializer('y', y) is y and not y.any()
        assert deserializer('x', 0) == 10
        numpy.testing.assert_array_equal(deserializer['child']('W', None), 1)
        assert deserializer['nothing']['deeper']('b', 5) == 5
        with pytest.raises(KeyError, match='y'):
            serializers.HDF5Deserializer(f)('y', y)
        with pytest.raises(KeyError, match='nothing'):
            serializers.HDF5Deserializer(f)['nothing']
