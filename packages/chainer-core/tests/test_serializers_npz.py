"""Tests of DictionarySerializer, NpzDeserializer, save_npz and load_npz."""
import io
import os

import numpy
import pytest

import chainer
from chainer import serializers
from chainer.serializers import npz as npz_module


def _link():
    link = chainer.Link(W=(2, 3))
    link.W.data[...] = numpy.arange(6).reshape(2, 3)
    link.add_persistent('count', 7)
    return link


class TestDictionarySerializer(object):

    def test_flat_paths(self):
        s = serializers.DictionarySerializer()
        chain = chainer.Chain(a=chainer.Chain(b=_link()))
        s.save(chain)
        assert sorted(s.target) == ['a/b/W', 'a/b/count']
        numpy.testing.assert_array_equal(s.target['a/b/W'], chain.a.b.W.data)
        assert s.target['a/b/count'] == 7 and s.target['a/b/count'].shape == ()

    def test_target_and_path(self):
        target = {}
        s = serializers.DictionarySerializer(target, path='root/')
        assert s('x', 3) == 3
        s['child/']('y', numpy.ones(2))
        assert sorted(target) == ['root/child/y', 'root/x']

    def test_returns_value(self):
        value = numpy.ones(2)
        assert serializers.DictionarySerializer()('v', value) is value


class TestNpzDeserializer(object):

    def test_from_mapping(self):
        stored = {'l/W': numpy.full((2, 3), 2, 'f'), 'l/count': numpy.array(4)}
        chain = chainer.Chain(l=_link())
        serializers.NpzDeserializer(stored).load(chain)
        assert (chain.l.W.data == 2).all() and chain.l.count == 4

    def test_path_and_none_value(self):
        d = serializers.NpzDeserializer({'a/b': numpy.arange(3)}, path='a/')
        numpy.testing.assert_array_equal(d('b', None), numpy.arange(3))
        with pytest.raises(KeyError, match='a/c'):
            d('c', None)
        with pytest.raises(KeyError, match='a/x/b'):
            d['x']('b', None)

    def test_array_is_filled_in_place(self):
        target = numpy.zeros(3, numpy.float32)
        d = serializers.NpzDeserializer({'v': numpy.arange(3, dtype=numpy.float64)})
        assert d('v', target) is target
        numpy.testing.assert_array_equal(target, [0, 1, 2])


def test_save_npz_to_file_object_and_compression_flag(tmp_path):
    for compression in (True, False):
        buf = io.BytesIO()
        serializers.save_npz(buf, _link(), compression=compression)
        buf.seek(0)
        loaded = chainer.Link(W=(2, 3))
        loaded.add_persistent('count', 0)
        serializers.load_npz(buf, loaded)
        numpy.testing.assert_array_equal(loaded.W.data, _link().W.data)
        assert loaded.count == 7


def test_file_name_is_kept_exactly(tmp_path):
    # numpy.savez appends ".npz" to names given as str; save_npz must not.
    path = str(tmp_path / 'model.state')
    serializers.save_npz(path, _link())
    assert os.listdir(str(tmp_path)) == ['model.state']


def test_load_never_unpickles(tmp_path):
    path = str(tmp_path / 'evil.npz')
    numpy.savez(path, count=numpy.array([{'a': 1}], dtype=object),
                W=numpy.zeros((2, 3), 'f'))
    with pytest.raises(ValueError, match='pickled'):
        serializers.load_npz(path, _link())


def test_write_failing_half_way_keeps_old_file(tmp_path, monkeypatch):
    path = str(tmp_path / 'model.npz')
    serializers.save_npz(path, _link())
    before = open(path, 'rb').read()

    def broken_savez(f, **arrays):
        f.write(b'PK\x03\x04 partial archive')
        raise OSError('no space left on device')

    monkeypatch.setattr(npz_module.numpy, 'savez_compressed', broken_savez)
    with pytest.raises(OSError, match='no space'):
        serializers.save_npz(path, _link())
    assert open(path, 'rb').read() == before
    assert os.listdir(str(tmp_path)) == ['model.npz']


def test_non_strict_deserializer_skips_missing_entries_as_in_v1():
    stored = {'x': numpy.asarray(10), 'child/W': numpy.ones((2, 3), 'f')}
    deserializer = npz_module.NpzDeserializer(stored, strict=False)
    y = numpy.zeros((2, 3), 'f')
    assert deserializer('y', y) is y and not y.any()  # missing: left as it is
    assert deserializer('x', 0) == 10
    child = deserializer['child']
    assert child.strict is False
    assert child('b', None) is None
    numpy.testing.assert_array_equal(child('W', None), numpy.ones((2, 3)))
    with pytest.raises(KeyError, match='y'):
        npz_module.NpzDeserializer(stored)('y', y)
