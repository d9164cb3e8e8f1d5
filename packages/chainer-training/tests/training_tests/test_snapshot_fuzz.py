"""Fuzzing trainer snapshots (issue 18): a snapshot written by ``extensions.snapshot``
and damaged (truncated at any byte, flipped bytes, entries of the wrong shape or dtype,
missing or extra entries, non-finite parameters, broken JSON logs, iterator states that
cannot continue, random states out of range, huge claimed sizes), loaded with
``load_npz`` into a fresh trainer, ends in a correct load or a documented error naming
the file, with the trainer unchanged.

A few derandomized examples in the ordinary run; ``nox -s fuzz`` runs the target long
and randomized (``chainer.testing._fuzz``)."""
import io
import json
import os
import zipfile

import numpy
import pytest

from chainer import optimizer, serializers
from chainer.testing import _fuzz
from chainer.training import extensions

from training_tests import tiny

hypothesis = pytest.importorskip('hypothesis')
st = hypothesis.strategies

DOCUMENTED = (KeyError, ValueError, TypeError)


def _trainer(out, seed):
    trainer = tiny.trainer(out, stop=(6, 'iteration'), batch_size=5, seed=seed)
    trainer.updater.get_optimizer('main').add_hook(optimizer.GradientNoise(0.1))
    trainer.extend(extensions.LogReport(trigger=(2, 'iteration')))
    trainer.extend(extensions.snapshot(), trigger=(6, 'iteration'))
    return trainer


def _state(trainer):
    """Everything the trainer saves (its model included), by path."""
    saver = serializers.DictionarySerializer()
    saver.save(trainer)
    return saver.target


def _same(a, b):
    return sorted(a) == sorted(b) and all(
        a[k].dtype == b[k].dtype and a[k].tobytes() == b[k].tobytes() for k in a)


@pytest.fixture(scope='module')
def snapshot_entries(tmp_path_factory):
    out = tmp_path_factory.mktemp('run')
    _trainer(out, seed=0).run()
    with numpy.load(os.path.join(str(out), 'snapshot_iter_6'), allow_pickle=False) as f:
        entries = {k: f[k] for k in f.files}
    with open(os.path.join(str(out), 'snapshot_iter_6'), 'rb') as f:
        return entries, f.read()


def _npz_bytes(entries):
    buffer = io.BytesIO()
    numpy.savez_compressed(buffer, **entries)
    return buffer.getvalue()


def _huge(entries, key):
    """``entries`` with ``key``'s header claiming 10**12 elements."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
        for name, value in entries.items():
            buffer = io.BytesIO()
            numpy.lib.format.write_array(buffer, value)
            data = buffer.getvalue()
            if name == key:
                old = repr(value.shape).encode() + b', }'
                new = b'(1000000, 1000000), }'
                data = data.replace(old + b' ' * max(len(new) - len(old), 0),
                                    new + b' ' * max(len(old) - len(new), 0), 1)
            z.writestr(name + '.npy', data)
    return out.getvalue()


#: Values of each dtype kind that a damaged file may hold where another was saved.
_ODD_VALUES = {'f': [numpy.nan, numpy.inf, -1., 1e30, 0.], 'c': [numpy.nan, 1e30, 0.],
               'i': [-1, 10 ** 6, 0, 2 ** 31 - 1], 'u': [0, 10 ** 6, 2 ** 31 - 1],
               'b': [True, False]}


@st.composite
def _damaged(draw, entries, raw):
    kind = draw(st.sampled_from(['bytes', 'shape', 'dtype', 'missing', 'extra', 'value',
                                 'huge']))
    if kind == 'bytes':
        return draw(_fuzz.truncated_or_flipped(raw))
    entries = dict(entries)
    keys = sorted(entries)
    key = draw(st.sampled_from(keys))
    if kind == 'huge':
        return _huge(entries, key)
    if kind == 'shape':
        entries[key] = numpy.zeros(draw(st.lists(st.integers(0, 4), max_size=2)),
                                   entries[key].dtype)
    elif kind == 'dtype':
        entries[key] = numpy.zeros(entries[key].shape, draw(st.sampled_from(
            ['i1', 'u4', 'f2', 'c8', '?', 'U4'])))
    elif kind == 'missing':
        for k in draw(st.lists(st.sampled_from(keys), min_size=1, max_size=3, unique=True)):
            del entries[k]
    elif kind == 'extra':
        entries['updater/extra_' + draw(st.text('xyz', min_size=1, max_size=3))] = \
            numpy.zeros(2)
    else:  # a value of the right shape and dtype that is wrong anyway
        value = entries[key].copy()
        if value.dtype.kind == 'U':
            value = numpy.array(draw(st.sampled_from(['', '[', '{"a": 1}', '7', 'null'])))
        elif value.size:
            value.flat[draw(st.integers(0, value.size - 1))] = draw(st.sampled_from(
                _ODD_VALUES[value.dtype.kind]))
        entries[key] = value
    return _npz_bytes(entries)


_TRIGGER_STATE = ('previous_iteration', 'previous_epoch_detail', 'span_start')


def _loaded_as(value, stored, key=''):
    """Whether ``value`` (saved from the loaded trainer) is what loading ``stored``
    gives: a scalar may be stored as any one-element array of a convertible type (as in
    v1), an array keeps its shape. A trigger's saved position that is not a finite
    non-negative number is loaded as unknown, saved again as -1."""
    if key.endswith(_TRIGGER_STATE) and value.ndim == 0 and value.item() == -1:
        position = float(stored.ravel()[0].item())
        if not numpy.isfinite(position) or position < 0:
            return True
    if value.ndim == 0:
        loaded = type(value.item())(stored.ravel()[0].item())
        return loaded == value.item() or (loaded != loaded and value != value)
    return numpy.array_equal(value, stored, equal_nan=value.dtype.kind in 'fc')


def test_fuzz_snapshot_load(tmp_path_factory, snapshot_entries):
    entries, raw = snapshot_entries

    @_fuzz.settings(ci_examples=25)
    @hypothesis.given(data=_damaged(entries, raw))
    def check(data):
        path = _fuzz.written(tmp_path_factory, 'snapshot_iter_6', data)
        target = _trainer(os.path.dirname(path), seed=1)
        before = _state(target)
        error = None
        with _fuzz.bounded(4 * len(data) * 1100 + (4 << 20)):
            try:
                serializers.load_npz(path, target)
            except DOCUMENTED as e:
                error = e
        if error is not None:
            assert 'snapshot_iter_6' in str(error), error
            assert _same(_state(target), before), 'a failed load changed the trainer'
            _fuzz.tried('snapshot, error')
            return
        # a correct load: saving the trainer again gives back the file's values
        with numpy.load(path, allow_pickle=False) as f:
            stored = {k: f[k] for k in f.files}
        after = _state(target)
        for key, value in after.items():
            if key in stored and not key.endswith('_snapshot_elapsed_time'):
                if value.dtype.kind == 'U':
                    assert json.loads(str(value)) == json.loads(str(stored[key])), key
                else:
                    assert _loaded_as(value, stored[key], key), key
        target.run()  # and the loaded trainer can continue
        _fuzz.tried('snapshot, loaded')

    check()
