"""Fuzzing the npz and HDF5 readers (issue 18): a corrupted file (truncated at any byte,
flipped bytes, wrong shapes or dtypes, missing or extra entries, huge claimed sizes,
non-finite values) ends in a correct load or a documented error (KeyError, ValueError,
TypeError naming the file), the target unchanged, without a crash, a hang or an
allocation far beyond the file's size.

A few derandomized examples per target in the ordinary run; ``nox -s fuzz`` runs the
same targets long and randomized (``chainer.testing._fuzz``).
"""
import io
import os
import pickle
import zipfile

import numpy
import pytest

import chainer
from chainer import serializers
from chainer.testing import _fuzz

hypothesis = pytest.importorskip('hypothesis')
st = hypothesis.strategies

#: The errors load_npz and load_hdf5 document.
DOCUMENTED = (KeyError, ValueError, TypeError)
#: Seconds after which a single load counts as a hang (the process is stopped with a
#: traceback by chainer.testing._fuzz.bounded).
HANG_SECONDS = 60
#: Allowed peak allocation of a load beyond the staged data's bytes.
ALLOCATION_SLACK = 4 << 20


def _model(seed=0, uninitialized=False):
    """A small model of every kind of entry: float parameters of two dtypes, an
    integer and a float persistent array, a scalar, and optionally an uninitialized
    parameter."""
    rng = numpy.random.RandomState(seed)
    model = chainer.Chain(a=chainer.Link(W=(3, 4)), b=chainer.Link(
        W=((2,), numpy.float64)))
    for p in model.params():
        p.data[...] = rng.uniform(-1, 1, p.shape)
    model.a.add_persistent('count', seed + 3)
    model.a.add_persistent('hist', rng.randint(0, 9, size=5).astype(numpy.int32))
    model.b.add_persistent('mean', rng.uniform(size=2).astype(numpy.float32))
    if uninitialized:
        model.b.add_uninitialized_param('U')
    else:
        model.b.add_param('U', (2, 2))
        model.b.U.data[...] = rng.uniform(size=(2, 2))
    return model


def _entries():
    saver = serializers.DictionarySerializer()
    saver.save(_model(1))
    return saver.target


def _fingerprint(obj):
    return pickle.dumps(obj)


def _check_outcome(path, load, entries_read):
    """Loads ``path`` into a fresh target and checks the outcome."""
    target = _model(2, uninitialized=True)
    before = _fingerprint(target)
    size = os.path.getsize(path)
    error = None
    with _fuzz.bounded(4 * size * 1100 + ALLOCATION_SLACK, HANG_SECONDS):
        try:
            load(path, target)
        except DOCUMENTED as e:
            error = e
    if error is not None:
        assert os.path.basename(path) in str(error), error
        assert _fingerprint(target) == before, 'a failed load changed the target'
        return 'error'
    # a successful load must be a correct one: the file's values, as an independent
    # reader sees them
    keys = [name.lstrip('/') for name, _ in target.namedparams()]
    entries = entries_read(path, keys)
    for name, param in target.namedparams():
        key = name.lstrip('/')
        numpy.testing.assert_array_equal(param.data, entries[key], err_msg=key)
        assert numpy.isfinite(param.data).all()
    return 'loaded'


# --- npz ---------------------------------------------------------------------------------

def _npz_bytes(entries):
    buffer = io.BytesIO()
    numpy.savez_compressed(buffer, **entries)
    return buffer.getvalue()


def _read_npz(path, keys):
    with numpy.load(path, allow_pickle=False) as f:
        return {k: f[k] for k in keys}


_BASE_NPZ = _npz_bytes(_entries())


def _huge_npy_member():
    """An npz whose entry ``a/W`` has a header claiming 10**12 elements."""
    buffer = io.BytesIO()
    numpy.lib.format.write_array(buffer, numpy.zeros((3, 4), numpy.float32))
    data = buffer.getvalue().replace(b'(3, 4), }    ', b'(1000000, 1000000), }')
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
        for key, value in _entries().items():
            if key != 'a/W':
                with z.open(key + '.npy', 'w') as f:
                    numpy.lib.format.write_array(f, value)
        z.writestr('a/W.npy', data)
    return out.getvalue()


def _damaged_entries(draw):
    """Entries with one kind of damage, or None for an entry claiming a huge size
    (which each format builds its own way)."""
    entries = dict(_entries())
    keys = sorted(entries)
    kind = draw(st.sampled_from(['shape', 'dtype', 'missing', 'extra', 'nonfinite',
                                 'huge']))
    key = draw(st.sampled_from(keys))
    if kind == 'shape':
        entries[key] = numpy.zeros(draw(st.lists(st.integers(0, 5), max_size=3)),
                                   entries[key].dtype)
    elif kind == 'dtype':
        dtype = draw(st.sampled_from(['i1', 'u8', 'f2', 'f8', 'c8', '?', 'U3', 'S2']))
        entries[key] = numpy.zeros(entries[key].shape, dtype)
    elif kind == 'missing':
        for k in draw(st.lists(st.sampled_from(keys), min_size=1, unique=True)):
            del entries[k]
    elif kind == 'extra':
        entries['extra/' + draw(st.text('abc', min_size=1, max_size=4))] = numpy.ones(3)
    elif kind == 'nonfinite':
        if entries[key].dtype.kind == 'f' and entries[key].size:
            entries[key] = entries[key].copy()
            entries[key].flat[0] = draw(st.sampled_from([numpy.nan, numpy.inf, -numpy.inf]))
    else:
        return None
    return entries


@st.composite
def _damaged_npz(draw):
    if draw(st.booleans()):
        return draw(_fuzz.truncated_or_flipped(_BASE_NPZ))
    entries = _damaged_entries(draw)
    return _huge_npy_member() if entries is None else _npz_bytes(entries)


@_fuzz.settings(ci_examples=60)
@hypothesis.given(data=_damaged_npz())
def test_fuzz_load_npz(tmp_path_factory, data):
    path = _fuzz.written(tmp_path_factory, 'fuzzed.npz', data)
    _fuzz.tried('npz, ' + _check_outcome(path, serializers.load_npz, _read_npz))


def test_fuzz_npz_cases_reach_both_outcomes(tmp_path):
    # the undamaged base loads; a damaged one is refused: the fuzz target sees both
    path = str(tmp_path / 'base.npz')
    with open(path, 'wb') as f:
        f.write(_BASE_NPZ)
    assert _check_outcome(path, serializers.load_npz, _read_npz) == 'loaded'
    with open(path, 'wb') as f:
        f.write(_huge_npy_member())
    assert _check_outcome(path, serializers.load_npz, _read_npz) == 'error'


# --- HDF5 --------------------------------------------------------------------------------

def _h5_bytes(entries, huge=None):
    h5py = pytest.importorskip('h5py')
    buffer = io.BytesIO()
    with h5py.File(buffer, 'w') as f:
        for key, value in entries.items():
            if key == huge:
                # claims 10**10 values but stores none (chunked, never written)
                f.create_dataset(key, shape=(10 ** 5, 10 ** 5), dtype='f4',
                                 chunks=(100, 100), compression='gzip')
            elif value.dtype.kind == 'U':
                f.create_dataset(key, data=value.astype(h5py.string_dtype()))
            else:
                f.create_dataset(key, data=value)
    return buffer.getvalue()


def _read_h5(path, keys):
    import h5py
    with h5py.File(path, 'r') as f:
        return {k: f[k][()] for k in keys}


@st.composite
def _damaged_h5(draw):
    kind = draw(st.sampled_from(['bytes', 'entries', 'huge']))
    if kind == 'bytes':
        return draw(_fuzz.truncated_or_flipped(_h5_bytes(_entries())))
    if kind == 'huge':
        return _h5_bytes(_entries(), huge=draw(st.sampled_from(sorted(_entries()))))
    entries = _damaged_entries(draw)
    return _h5_bytes(_entries(), huge='a/W') if entries is None else _h5_bytes(entries)


@_fuzz.settings(ci_examples=40)
@hypothesis.given(data=_damaged_h5())
def test_fuzz_load_hdf5(tmp_path_factory, data):
    pytest.importorskip('h5py')
    path = _fuzz.written(tmp_path_factory, 'fuzzed.h5', data)
    _fuzz.tried('hdf5, ' + _check_outcome(path, serializers.load_hdf5, _read_h5))


def test_fuzz_hdf5_huge_claimed_size_is_refused_before_reading(tmp_path):
    pytest.importorskip('h5py')
    path = str(tmp_path / 'huge.h5')
    with open(path, 'wb') as f:
        f.write(_h5_bytes(_entries(), huge='b/U'))
    assert _check_outcome(path, serializers.load_hdf5, _read_h5) == 'error'
    with pytest.raises(ValueError, match=r"huge\.h5.*'b/U' claims shape \(100000, 100000\)"):
        serializers.load_hdf5(path, _model(2, uninitialized=True))
