"""Trainer: loop, extension registration and order, lifecycle hooks, reporting,
serialization."""
import numpy
import pytest

from chainer import serializers, training
from training_tests import tiny


def _recorder(calls, tag, **attributes):
    @training.make_extension(**attributes)
    def ext(trainer):
        calls.append((tag, trainer.updater.iteration))
    return ext


def test_run_stops_at_the_stop_trigger_and_reports_observers(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(5, 'iteration'))
    seen = []
    trainer.extend(lambda t: seen.append(sorted(t.observation)), name='spy')
    trainer.run()
    assert trainer.updater.iteration == 5
    assert len(seen) == 5
    assert seen[0] == ['main/accuracy', 'main/loss']
    assert trainer.elapsed_time > 0


def test_extensions_run_by_priority_then_registration(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(1, 'iteration'))
    calls = []
    trainer.extend(_recorder(calls, 'reader1'))
    trainer.extend(_recorder(calls, 'writer', priority=training.PRIORITY_WRITER))
    trainer.extend(_recorder(calls, 'reader2'))
    trainer.extend(_recorder(calls, 'editor'), priority=training.PRIORITY_EDITOR)
    trainer.run()
    assert [tag for tag, _ in calls] == ['writer', 'editor', 'reader1', 'reader2']


def test_duplicate_names_get_ordinal_suffixes(tmp_path):
    trainer = tiny.trainer(tmp_path)
    exts = [_recorder([], i) for i in range(3)]
    for ext in exts:
        trainer.extend(ext, name='rec')
    assert [trainer.get_extension(n) for n in ('rec', 'rec_1', 'rec_2')] == exts
    assert exts[2].name == 'rec_2'
    with pytest.raises(KeyError, match="no extension named 'nope'"):
        trainer.get_extension('nope')
    with pytest.raises(ValueError, match='reserved'):
        trainer.extend(_recorder([], 0), name='training')


def test_triggers_before_training_initialize_and_finalize(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(2, 'epoch'))
    calls = []
    trainer.extend(_recorder(calls, 'epoch', trigger=(1, 'epoch')))
    trainer.extend(_recorder(calls, 'before', trigger=(100, 'iteration'),
                             invoke_before_training=True))

    class Lifecycle(training.Extension):
        trigger = 3, 'iteration'

        def initialize(self, trainer):
            calls.append(('init', trainer.updater.iteration))

        def __call__(self, trainer):
            calls.append(('call', trainer.updater.iteration))

        def finalize(self):
            calls.append(('final', None))

    trainer.extend(Lifecycle())
    trainer.run()
    assert calls == [('before', 0), ('init', 0), ('call', 3), ('epoch', 4), ('call', 6),
                     ('epoch', 8), ('final', None)]


def test_finalize_runs_when_the_loop_raises_and_run_is_single_use(tmp_path):
    trainer = tiny.trainer(tmp_path)
    finalized = []

    def boom(trainer):
        raise RuntimeError('boom')

    trainer.extend(training.make_extension(finalizer=lambda: finalized.append(1))(
        lambda t: None), name='fin')
    trainer.extend(boom)
    with pytest.raises(RuntimeError, match='boom'):
        trainer.run()
    assert finalized == [1]
    done = tiny.trainer(tmp_path, stop=(1, 'iteration'))
    done.run()
    with pytest.raises(RuntimeError, match='twice'):
        done.run()


def test_serialize_restores_updater_and_elapsed_time(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(5, 'iteration'))
    trainer.run()
    serializers.save_npz(str(tmp_path / 'snap.npz'), trainer)
    resumed = tiny.trainer(tmp_path, stop=(5, 'iteration'), seed=1)
    serializers.load_npz(str(tmp_path / 'snap.npz'), resumed)
    assert resumed.updater.iteration == 5
    assert resumed.elapsed_time == pytest.approx(trainer.elapsed_time, rel=1e-6)
    main = trainer.updater.get_optimizer('main').target
    numpy.testing.assert_array_equal(
        resumed.updater.get_optimizer('main').target.l1.W.data, main.l1.W.data)


def test_bad_arguments(tmp_path):
    trainer = tiny.trainer(tmp_path)
    with pytest.raises(TypeError, match='extension must be callable'):
        trainer.extend(3)
    with pytest.raises(TypeError, match='out must be a directory path'):
        training.Trainer(trainer.updater, out=3)
