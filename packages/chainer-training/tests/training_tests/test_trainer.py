"""Trainer: loop, extension registration and order, lifecycle hooks, reporting,
serialization."""
import numpy
import pytest

import chainer
from chainer import iterators, optimizers, serializers, training
from chainer.training import extensions
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
    assert calls == [('init', 0), ('before', 0), ('call', 3), ('epoch', 4), ('call', 6),
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
    resumed = tiny.trainer(tmp_path, stop=(6, 'iteration'), seed=1)
    serializers.load_npz(str(tmp_path / 'snap.npz'), resumed)
    assert resumed.updater.iteration == 5
    main = trainer.updater.get_optimizer('main').target
    numpy.testing.assert_array_equal(
        resumed.updater.get_optimizer('main').target.l1.W.data, main.l1.W.data)
    resumed.run()
    assert resumed.elapsed_time > trainer.elapsed_time  # counted on from the snapshot


def test_elapsed_time_before_the_run_is_a_runtime_error_as_in_v1(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(1, 'iteration'))
    with pytest.raises(RuntimeError, match='call run'):
        trainer.elapsed_time
    serializers.save_npz(str(tmp_path / 'unstarted.npz'), trainer)  # saving works
    trainer.run()
    assert trainer.elapsed_time > 0


def test_bad_arguments(tmp_path):
    trainer = tiny.trainer(tmp_path)
    with pytest.raises(TypeError, match='extension must be callable'):
        trainer.extend(3)
    with pytest.raises(TypeError, match='out must be a directory path'):
        training.Trainer(trainer.updater, out=3)


class _Reporting(chainer.Link):
    """A child link that reports its input's mean as 'mean'."""

    def __call__(self, x):
        chainer.report({'mean': chainer.functions.sum(x) / x.data.size}, self)
        return x


class _Nested(chainer.Chain):
    def __init__(self):
        super().__init__(body=tiny.Model(), probe=_Reporting())

    def __call__(self, x, t):
        return self.body(self.probe(x), t)


def test_descendant_links_report_under_their_paths(tmp_path):
    # As documented for v1, observers are named <optimizer name><link path>, and the
    # evaluator prefixes its own name.
    model = _Nested()
    opt = optimizers.SGD(lr=0.1)
    opt.setup(model)
    data = tiny.dataset()
    updater = training.StandardUpdater(iterators.SerialIterator(data, 6), opt)
    trainer = training.Trainer(updater, (1, 'iteration'), out=str(tmp_path))
    trainer.extend(extensions.Evaluator(
        iterators.SerialIterator(data, 6, repeat=False), model), trigger=(1, 'iteration'))
    seen = {}
    trainer.extend(lambda t: seen.update(t.observation), name='spy')
    trainer.run()
    assert {'main/probe/mean', 'main/body/loss', 'validation/main/probe/mean',
            'validation/main/body/loss'} <= set(seen)


def test_connect_trainer_is_called_at_the_end_of_the_trainer_initialization(tmp_path):
    # v1 documents Updater.connect_trainer as called at the end of Trainer's initialization,
    # typically to register more links to the reporter.
    class Connecting(training.StandardUpdater):
        def connect_trainer(self, trainer):
            observation = {}  # the target links are registered already
            with trainer.reporter.scope(observation):
                chainer.report({'x': 1}, self.get_optimizer('main').target)
            self.connected = trainer, sorted(observation)

    opt = optimizers.SGD()
    opt.setup(tiny.Model())
    updater = Connecting(iterators.SerialIterator(tiny.dataset(), 6), opt)
    trainer = training.Trainer(updater, out=str(tmp_path))
    assert updater.connected == (trainer, ['main/x'])


def test_extend_takes_the_defaults_from_the_extension(tmp_path):
    # v1 documents that extend's name, trigger, priority and invoke_before_training
    # default to the extension's default_name, trigger, priority and
    # invoke_before_training.
    trainer = tiny.trainer(tmp_path, stop=(4, 'iteration'))
    calls = []

    class Every2(training.Extension):
        trigger = 2, 'iteration'
        priority = training.PRIORITY_WRITER
        invoke_before_training = True

        def __call__(self, trainer):
            calls.append(('every2', trainer.updater.iteration))

    trainer.extend(Every2())
    trainer.extend(_recorder(calls, 'reader'), trigger=(2, 'iteration'))
    trainer.run()
    assert trainer.get_extension('Every2').name == 'Every2'
    assert calls == [('every2', 0), ('every2', 2), ('reader', 2), ('every2', 4),
                     ('reader', 4)]
