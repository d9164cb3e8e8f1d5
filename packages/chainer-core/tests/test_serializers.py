"""Round trips through save_npz/load_npz and save_hdf5/load_hdf5."""
import os

import numpy
import pytest

import chainer
from chainer import serializers
from chainer import testing

_FORMATS = [
    {'save': serializers.save_npz, 'load': serializers.load_npz, 'ext': 'npz'},
    {'save': serializers.save_hdf5, 'load': serializers.load_hdf5, 'ext': 'h5'},
]


class _WithStats(chainer.Link):
    """A link with parameters and persistent values of every kind."""

    def __init__(self):
        super(_WithStats, self).__init__(W=(2, 3), b=((3,), numpy.float64))
        self.add_persistent('mean', numpy.zeros(3, numpy.float32))
        self.add_persistent('count', 0)
        self.add_persistent('decay', 0.0)
        self.add_persistent('flag', False)
        self.add_persistent('tag', '')
        self.add_persistent('step', numpy.int64(0))


def _model():
    return chainer.Chain(
        enc=chainer.Chain(l1=_WithStats(), l2=chainer.Link(W=(3, 3))),
        layers=chainer.ChainList(chainer.Link(W=(1, 2)), _WithStats()))


def _randomize(model, seed):
    rng = numpy.random.RandomState(seed)
    for param in model.params():
        param.data[...] = rng.uniform(-1, 1, param.shape)
    for link in model.links():
        if isinstance(link, _WithStats):
            link.mean[...] = rng.uniform(size=3)
            link.count = int(rng.randint(1, 100))
            link.decay = float(rng.uniform())
            link.flag = True
            link.tag = 'trained-{}'.format(seed)
            link.step = numpy.int64(rng.randint(1, 100))
    return model


def _assert_same(a, b):
    pa, pb = dict(a.namedparams()), dict(b.namedparams())
    assert sorted(pa) == sorted(pb)
    for path in pa:
        assert pa[path].data.dtype == pb[path].data.dtype
        numpy.testing.assert_array_equal(pa[path].data, pb[path].data, err_msg=path)
    for (path, la), lb in zip(a.namedlinks(), b.links()):
        for name in la._persistent:
            va, vb = getattr(la, name), getattr(lb, name)
            assert type(va) is type(vb), path + '/' + name
            numpy.testing.assert_array_equal(va, vb, err_msg=path + '/' + name)


@testing.parameterize(*_FORMATS)
class TestRoundTrip(object):

    def _path(self, tmp_path, name='model'):
        return str(tmp_path / '{}.{}'.format(name, self.ext))

    def test_nested_chain(self, tmp_path):
        src = _randomize(_model(), 1)
        dst = _randomize(_model(), 2)
        path = self._path(tmp_path)
        self.save(path, src)
        self.load(path, dst)
        _assert_same(src, dst)
        assert dst.enc.l1.tag == 'trained-1' and type(dst.enc.l1.count) is int

    def test_plain_link_and_chainlist(self, tmp_path):
        for make in (lambda: chainer.Link(x=(2, 2)),
                     lambda: chainer.ChainList(chainer.Link(x=1), chainer.Link(y=2))):
            src, dst = _randomize(make(), 3), make()
            path = self._path(tmp_path)
            self.save(path, src)
            self.load(path, dst)
            _assert_same(src, dst)

    def test_uninitialized_param_initialized_by_load(self, tmp_path):
        src = chainer.Link()
        src.add_uninitialized_param('W')
        src.add_param('W', (2, 3), dtype=numpy.float64, initializer=1.5)
        dst = chainer.Link()
        dst.add_uninitialized_param('W')
        path = self._path(tmp_path)
        self.save(path, src)
        self.load(path, dst)
        assert not dst.has_uninitialized_params
        assert dst.W.shape == (2, 3) and dst.W.dtype == numpy.float64
        assert (dst.W.data == 1.5).all()

    def test_uninitialized_param_not_saved_stays_uninitialized(self, tmp_path):
        src = chainer.Link(b=2)
        src.b.data[:] = 1  # a Link(b=2) is NaN-filled as in v1; NaN is refused by default
        src.add_uninitialized_param('W')
        path = self._path(tmp_path)
        self.save(path, src)
        dst = chainer.Link(b=2)
        dst.add_uninitialized_param('W')
        self.load(path, dst)
        assert dst.W is None and dst.has_uninitialized_params

    def test_missing_entry_names_key(self, tmp_path):
        path = self._path(tmp_path)
        self.save(path, chainer.Chain(l1=_randomize(chainer.Link(W=2), 0)))
        bigger = chainer.Chain(l1=chainer.Link(W=2, b=2))
        with pytest.raises(KeyError, match='l1/b'):
            self.load(path, bigger)

    def test_misshaped_entry_names_key(self, tmp_path):
        path = self._path(tmp_path)
        self.save(path, chainer.Chain(l1=chainer.Link(W=(2, 3))))
        with pytest.raises(ValueError, match=r'l1/W.*\(2, 3\).*\(3, 2\)'):
            self.load(path, chainer.Chain(l1=chainer.Link(W=(3, 2))))

    def test_scalar_entry_into_array_and_back(self, tmp_path):
        src = chainer.Link()
        src.add_persistent('v', numpy.arange(3))
        path = self._path(tmp_path)
        self.save(path, src)
        dst = chainer.Link()
        dst.add_persistent('v', 0)
        with pytest.raises(ValueError, match="'?v'?.*scalar"):
            self.load(path, dst)

    def test_float_into_int_array_is_refused(self, tmp_path):
        src = chainer.Link()
        src.add_persistent('v', numpy.ones(2))
        path = self._path(tmp_path)
        self.save(path, src)
        dst = chainer.Link()
        dst.add_persistent('v', numpy.zeros(2, numpy.int32))
        with pytest.raises(TypeError, match='v.*float64.*int32'):
            self.load(path, dst)

    def test_none_persistent_round_trips_and_objects_are_refused(self, tmp_path):
        # Chainer v7 saves None (an object array in npz, h5py.Empty in HDF5) and
        # loads it back as None; any other Python object is still refused.
        link = chainer.Link()
        link.add_persistent('p', None)
        path = self._path(tmp_path)
        self.save(path, link)
        dst = chainer.Link()
        dst.add_persistent('p', 3)
        self.load(path, dst)
        assert dst.p is None
        os.remove(path)
        link.p = {'a': 1}
        with pytest.raises(TypeError, match="'/?p'.*pickling"):
            self.save(self._path(tmp_path), link)
        assert os.listdir(str(tmp_path)) == []

    def test_failed_save_keeps_old_file(self, tmp_path):
        path = self._path(tmp_path)
        good = _randomize(_model(), 4)
        self.save(path, good)
        before = open(path, 'rb').read()

        class Exploding(chainer.Chain):
            # Some entries are written, then serialization fails half-way.
            def serialize(self, serializer):
                super(Exploding, self).serialize(serializer)
                serializer('half_way', numpy.zeros(1000))
                raise RuntimeError('disk on fire')

        bad = Exploding(inner=_randomize(_model(), 5))
        with pytest.raises(RuntimeError, match='disk on fire'):
            self.save(path, bad)
        assert open(path, 'rb').read() == before
        assert os.listdir(str(tmp_path)) == [os.path.basename(path)]
        restored = _model()
        self.load(path, restored)
        _assert_same(good, restored)

    def test_save_replaces_existing_file(self, tmp_path):
        path = self._path(tmp_path)
        self.save(path, _randomize(_model(), 6))
        newer = _randomize(_model(), 7)
        self.save(path, newer)
        restored = _model()
        self.load(path, restored)
        _assert_same(newer, restored)
        assert os.listdir(str(tmp_path)) == [os.path.basename(path)]


def test_serializer_base_classes():
    assert issubclass(chainer.Serializer, chainer.AbstractSerializer)
    assert issubclass(chainer.Deserializer, chainer.AbstractSerializer)
    assert issubclass(serializers.DictionarySerializer, chainer.Serializer)
    assert issubclass(serializers.NpzDeserializer, chainer.Deserializer)
    assert issubclass(serializers.HDF5Serializer, chainer.Serializer)
    assert issubclass(serializers.HDF5Deserializer, chainer.Deserializer)
    with pytest.raises(TypeError):
        chainer.Serializer()
