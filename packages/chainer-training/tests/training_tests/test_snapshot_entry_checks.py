"""A trainer snapshot with a bad updater iteration, iterator state or log is refused,
the error naming the entry by its full path, and the trainer is left unchanged."""
import numpy
import pytest

from chainer import serializers
from chainer.training import extensions
from chainer.training import _snapshot_entries
from training_tests import tiny


def _trainer(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(3, 'iteration'))
    trainer.extend(extensions.LogReport(trigger=(1, 'iteration')))
    return trainer


@pytest.fixture
def snapshot(tmp_path):
    trainer = _trainer(tmp_path)
    trainer.run()
    path = str(tmp_path / 'snap.npz')
    serializers.save_npz(path, trainer)
    with numpy.load(path) as f:
        return dict(f)


def _load_mutated(tmp_path, entries, key, value):
    mutated = dict(entries)
    mutated[key] = numpy.asarray(value)
    path = str(tmp_path / 'bad.npz')
    numpy.savez(path, **mutated)
    trainer = _trainer(tmp_path)
    before = trainer.updater.get_optimizer('main').target.l1.W.data.copy()
    try:
        serializers.load_npz(path, trainer)
    finally:
        # all or nothing: a refused snapshot changed nothing
        assert trainer.updater.iteration == 0
        numpy.testing.assert_array_equal(
            trainer.updater.get_optimizer('main').target.l1.W.data, before)


@pytest.mark.parametrize('value', [-1, numpy.inf, -numpy.inf, numpy.nan, 2.5])
def test_bad_iteration_is_refused_naming_the_entry(tmp_path, snapshot, value):
    with pytest.raises(ValueError, match=r"entry 'updater/iteration' holds .*whole "
                                         r"number of at least 0"):
        _load_mutated(tmp_path, snapshot, 'updater/iteration', value)


def test_good_iteration_loads(tmp_path, snapshot):
    mutated = dict(snapshot)
    mutated['updater/iteration'] = numpy.asarray(7)
    path = str(tmp_path / 'ok.npz')
    numpy.savez(path, **mutated)
    trainer = _trainer(tmp_path)
    serializers.load_npz(path, trainer)
    assert trainer.updater.iteration == 7


@pytest.mark.parametrize('key,value', [
    ('current_position', -1), ('current_position', 1000), ('epoch', -1),
    ('order', numpy.zeros(24, numpy.int64)), ('is_new_epoch', [1, 2])])
def test_bad_iterator_entries_name_their_path(tmp_path, snapshot, key, value):
    with pytest.raises(ValueError, match="'updater/iterator:main/"):
        _load_mutated(tmp_path, snapshot, 'updater/iterator:main/' + key, value)


@pytest.mark.parametrize('value', ['not json', '{"a": 1}'])
def test_bad_log_names_its_path(tmp_path, snapshot, value):
    with pytest.raises(ValueError, match="entry 'extensions/LogReport/_log'"):
        _load_mutated(tmp_path, snapshot, 'extensions/LogReport/_log', value)


def test_full_path_without_a_path_attribute():
    assert _snapshot_entries.full_path(object(), 'k') == 'k'


def test_load_count_saves_as_it_is():
    target = {}
    s = serializers.DictionarySerializer(target)
    assert _snapshot_entries.load_count(s, 'iteration', 5, 'x') == 5
    assert target == {'iteration': 5}


@pytest.mark.parametrize('key,value', [
    ('current_position', -1), ('current_position', 1000), ('epoch', -1),
    ('order', numpy.zeros(24, numpy.int64)), ('previous_epoch_detail', float('nan')),
    ('previous_epoch_detail', float('inf')), ('previous_epoch_detail', -2.0)])
def test_bad_iterator_state_names_the_exact_entry(tmp_path, snapshot, key, value):
    path = 'updater/iterator:main/' + key
    with pytest.raises(ValueError, match="entry '{}' of the snapshot".format(path)):
        _load_mutated(tmp_path, snapshot, path, value)
