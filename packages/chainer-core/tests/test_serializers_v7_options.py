"""The Chainer v7 options of the serializers: ``path``, ``ignore_names``, None
entries, dict objects, safe scalar conversion; every load stays all or nothing."""
import io
import os
import pickle

import numpy
import numpy.lib.format as npy_format
import pytest

import chainer
from chainer import serializers
from chainer.serializers import npz as npz_module

try:
    import h5py
except ImportError:  # pragma: no cover - the [hdf5] extra is not installed
    h5py = None

needs_h5py = pytest.mark.skipif(h5py is None, reason='h5py is not installed')


def _model(fill):
    child = chainer.Chain()
    with child.init_scope():
        child.W = chainer.Parameter(numpy.full((2, 3), fill, 'f'))
        child.b = chainer.Parameter(numpy.full((3,), fill, 'f'))
    parent = chainer.Chain()
    with parent.init_scope():
        parent.child = child
        parent.V = chainer.Parameter(numpy.full((2,), fill, 'f'))
    return parent


def _save_load(ext):
    if ext == 'npz':
        return serializers.save_npz, serializers.load_npz
    if h5py is None:
        pytest.skip('h5py is not installed')
    return serializers.save_hdf5, serializers.load_hdf5


@pytest.mark.parametrize('ext', ['npz', 'h5'])
@pytest.mark.parametrize('ignore', [
    'child/b', ['child/b'], lambda p: p == 'child/b', [lambda p: p.endswith('/b')],
    ['V', lambda p: p == 'child/b']])
def test_ignore_names_leaves_those_entries(tmp_path, ext, ignore):
    save, load = _save_load(ext)
    path = str(tmp_path / ('m.' + ext))
    save(path, _model(1))
    dst = _model(0)
    load(path, dst, ignore_names=ignore)
    assert (dst.child.W.data == 1).all()
    assert (dst.child.b.data == 0).all()
    expected_v = 0 if isinstance(ignore, list) and 'V' in ignore else 1
    assert (dst.V.data == expected_v).all()


@pytest.mark.parametrize('ext', ['npz', 'h5'])
def test_ignored_entry_may_be_missing_and_failure_changes_nothing(tmp_path, ext):
    save, load = _save_load(ext)
    path = str(tmp_path / ('m.' + ext))
    src = _model(1)
    del src.child.b
    save(path, src)
    dst = _model(0)
    with pytest.raises(KeyError, match='child/b'):
        load(path, dst)
    assert all((p.data == 0).all() for p in dst.params())  # all or nothing
    load(path, dst, ignore_names='child/b')  # not asked for: no KeyError
    assert (dst.child.W.data == 1).all() and (dst.child.b.data == 0).all()


def test_ignore_names_rejects_other_types():
    with pytest.raises(ValueError, match='ignore_names'):
        npz_module.NpzDeserializer({}, ignore_names=[3])


@pytest.mark.parametrize('ext', ['npz', 'h5'])
def test_path_loads_a_child(tmp_path, ext):
    save, load = _save_load(ext)
    path = str(tmp_path / ('m.' + ext))
    save(path, _model(1))
    target = chainer.Chain()
    with target.init_scope():
        target.W = chainer.Parameter(numpy.zeros((2, 3), 'f'))
        target.b = chainer.Parameter(numpy.zeros((3,), 'f'))
    load(path, target, 'child/')
    assert (target.W.data == 1).all() and (target.b.data == 1).all()
    bad = chainer.Chain()
    with bad.init_scope():
        bad.W = chainer.Parameter(numpy.zeros((2, 3), 'f'))
        bad.c = chainer.Parameter(numpy.zeros((3,), 'f'))
    with pytest.raises(KeyError, match='child/c'):
        load(path, bad, path='child/')
    assert (bad.W.data == 0).all()


def test_v7_file_with_uninitialized_parameter_loads_as_none(tmp_path):
    # What v7 writes for Linear(None, 3) saved before its first call.
    path = str(tmp_path / 'v7.npz')
    numpy.savez(path, W=numpy.asarray(None), b=numpy.arange(3, dtype='f'))
    link = chainer.Link()
    with link.init_scope():
        link.W = chainer.Parameter()
        link.b = chainer.Parameter(numpy.zeros(3, 'f'))
    serializers.load_npz(path, link)
    assert link.W.data is None
    numpy.testing.assert_array_equal(link.b.data, [0, 1, 2])


def test_none_is_saved_as_v7_does_and_read_back():
    s = serializers.DictionarySerializer()
    assert s('x', None) is None
    assert s.target['x'].dtype == object and s.target['x'][()] is None
    buf = io.BytesIO()
    serializers.save_npz(buf, {'x': None, 'y': numpy.ones(2)})
    buf.seek(0)
    with numpy.load(buf, allow_pickle=True) as f:
        assert f['x'][()] is None
    buf.seek(0)
    link = chainer.Link()
    link.add_persistent('x', 5)
    link.add_persistent('y', numpy.zeros(2))
    serializers.load_npz(buf, link)
    assert link.x is None and (link.y == 1).all()
    # An array target with a None entry is left untouched and None is returned.
    d = npz_module.NpzDeserializer({'w': numpy.asarray(None)})
    y = numpy.full(1, 4.0)
    assert d('w', y) is None and y[0] == 4.0


class _RunsCode(object):
    def __reduce__(self):
        return (os.getcwd, ())


def _npz_with_object_entry(payload_object):
    npy = io.BytesIO()
    npy_format.write_array_header_1_0(
        npy, {'descr': '|O', 'fortran_order': False, 'shape': ()})
    pickle.dump(payload_object, npy, protocol=3)
    buf = io.BytesIO()
    import zipfile
    with zipfile.ZipFile(buf, 'w') as z:
        z.writestr('p.npy', npy.getvalue())
    buf.seek(0)
    return buf


@pytest.mark.parametrize('payload', [_RunsCode(), numpy.asarray({'a': 1}),
                                     numpy.asarray('x', dtype=object)])
def test_pickles_other_than_none_are_refused(payload):
    link = chainer.Link()
    link.add_persistent('p', 1)
    with pytest.raises(ValueError, match="'p'.*Python objects"):
        serializers.load_npz(_npz_with_object_entry(payload), link)
    assert link.p == 1


def test_non_none_object_array_from_a_mapping_is_refused():
    d = npz_module.NpzDeserializer({'p': numpy.asarray({'a': 1})})
    with pytest.raises(TypeError, match='Python objects'):
        d('p', None)


def test_scalars_convert_without_loss():
    d = npz_module.NpzDeserializer({
        'f': numpy.asarray(1.5, 'f'), 'i': numpy.asarray(-2 ** 60),
        'b': numpy.asarray(True), 's': numpy.asarray('abc'),
        'g': numpy.asarray(3.0)})
    with pytest.raises(TypeError, match='int64.*uint32'):
        d('i', numpy.uint32(0))  # v7
    with pytest.raises(TypeError, match='float32.*bool'):
        d('f', False)
    # A float saved where the value started as the int 0 comes back as saved
    # (v1 truncated it to 1, v7 raised).
    assert d('f', 0) == 1.5 and type(d('g', 0)) is int and d('g', 0) == 3
    assert d('i', 0) == -2 ** 60 and d('f', 0.0) == 1.5 and d('b', 0) == 1
    assert d('s', '') == 'abc'


def test_serialize_returns_the_dictionary():
    target = npz_module.serialize(_model(2))
    assert sorted(target) == ['V', 'child/W', 'child/b']
    assert (target['child/W'] == 2).all()


@pytest.mark.parametrize('ext', ['npz', 'h5'])
def test_non_finite_loads_into_an_all_nan_parameter_only(tmp_path, ext):
    save, load = _save_load(ext)
    path = str(tmp_path / ('m.' + ext))
    save(path, _model(numpy.nan))
    placeholder = _model(numpy.nan)  # v7's fill for Parameter(shape=...)
    load(path, placeholder)
    finite = _model(0)
    with pytest.raises(ValueError, match='non-finite'):
        load(path, finite)
    assert all((p.data == 0).all() for p in finite.params())


@needs_h5py
def test_hdf5_none_is_an_empty_dataset(tmp_path):
    path = str(tmp_path / 'n.h5')
    with h5py.File(path, 'w') as f:
        s = serializers.HDF5Serializer(f)
        assert s('x', None) is None
        assert f['x'].shape is None
    link = chainer.Link()
    link.add_persistent('x', 1.0)
    serializers.load_hdf5(path, link)
    assert link.x is None
    serializers.save_hdf5(path, {'a/b': numpy.ones(2), 'c': 3})
    with h5py.File(path, 'r') as f:
        assert (f['a']['b'][()] == 1).all() and f['c'][()] == 3
