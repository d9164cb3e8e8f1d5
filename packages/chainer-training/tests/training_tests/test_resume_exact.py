"""Resume exactness of every stateful piece (issue 18): a run snapshotted at iteration
K, continued by fresh objects (built under another random seed) that load the
snapshot, ends bit-for-bit where an uninterrupted run does.

One case per stateful hook, iterator, updater, extension and trigger; each case would
fail if that piece did not save its state (the fresh objects start from other random
states and empty accumulators)."""
import io
import json

import numpy
import pytest

import chainer
from chainer import iterators, optimizer, optimizers, serializers, training
from chainer.training import extensions, triggers

from training_tests import tiny

#: The snapshot's iteration and the end of the run: K falls inside an epoch (4
#: iterations each) and inside every reporting interval below.
K, N = 5, 11


class Counter(training.Extension):
    """Records the iterations at which its trigger fired."""

    def __init__(self):
        self.fired = []

    def __call__(self, trainer):
        self.fired.append(trainer.updater.iteration)

    def serialize(self, serializer):
        self.fired = json.loads(str(serializer('fired', json.dumps(self.fired))))


def _gradient_noise(trainer):
    trainer.updater.get_optimizer('main').add_hook(optimizer.GradientNoise(0.5))


def _reports(trainer):
    trainer.extend(extensions.LogReport(trigger=(3, 'iteration')))
    trainer.extend(extensions.PrintReport(['iteration', 'main/loss'],
                                          out=io.StringIO()))
    trainer.extend(extensions.MicroAverage('main/accuracy', 'main/loss',
                                           'main/micro'))


def _plot_report(trainer):
    pytest.importorskip('matplotlib')
    trainer.extend(extensions.PlotReport(['main/loss'], trigger=(3, 'iteration'),
                                         file_name='loss.png'))


def _parameter_statistics(trainer):
    trainer.extend(extensions.ParameterStatistics(
        trainer.updater.get_optimizer('main').target, trigger=(3, 'iteration')))
    trainer.extend(extensions.LogReport(trigger=(3, 'iteration')))


def _shifts(trainer):
    trainer.extend(extensions.ExponentialShift('lr', 0.7), trigger=(2, 'iteration'))
    trainer.extend(extensions.LinearShift('momentum', (0.5, 0.9), (0, 10)))


def _best_value_trigger(trainer):
    # the loss falls: only the first interval is a maximum, unless the best is forgotten
    trainer.extend(Counter(), name='counter',
                   trigger=triggers.MaxValueTrigger('main/loss', (3, 'iteration')))


#: (name, the optimizer, what to add to the trainer).
CASES = [
    ('GradientNoise hook', lambda: optimizers.SGD(lr=0.1), _gradient_noise),
    ('SerialIterator (shuffling)', lambda: optimizers.SGD(lr=0.1), None),
    ('MultiprocessIterator', lambda: optimizers.SGD(lr=0.1), 'multiprocess'),
    ('LogReport, PrintReport, MicroAverage', lambda: optimizers.SGD(lr=0.1), _reports),
    ('PlotReport', lambda: optimizers.SGD(lr=0.1), _plot_report),
    ('ParameterStatistics', lambda: optimizers.SGD(lr=0.1), _parameter_statistics),
    ('ExponentialShift, LinearShift', lambda: optimizers.MomentumSGD(lr=0.1), _shifts),
    ('MaxValueTrigger', lambda: optimizers.SGD(lr=0.1), _best_value_trigger),
] + [
    ('optimizer ' + name, getattr(optimizers, name), None)
    for name in ('MomentumSGD', 'NesterovAG', 'AdaGrad', 'AdaDelta', 'Adam', 'RMSprop',
                 'RMSpropGraves', 'SMORMS3')
]


def _trainer(tmp_path, stop, make_optimizer, extend, seed):
    """A trainer of the tiny model whose random states (model, iterator, hooks) all
    come from ``seed``; ``extend`` adds the piece under test (``'multiprocess'``: a
    MultiprocessIterator instead of the SerialIterator)."""
    numpy.random.seed(seed)
    model = tiny.Model(seed)
    opt = make_optimizer()
    opt.setup(model)
    if extend == 'multiprocess':
        it = iterators.MultiprocessIterator(tiny.dataset(), 5, n_processes=2)
    else:
        it = iterators.SerialIterator(tiny.dataset(), 5)
    trainer = training.Trainer(training.StandardUpdater(it, opt), (stop, 'iteration'),
                               out=str(tmp_path))
    if callable(extend):
        extend(trainer)
    return trainer


def _state(trainer):
    """Everything a trainer saves plus its model, with the wall-clock times left out."""
    saver = serializers.DictionarySerializer()
    saver.save(trainer)
    state = {}
    for key, value in saver.target.items():
        if key.endswith('_snapshot_elapsed_time'):
            continue
        if value.dtype.kind == 'U':
            try:
                value = _without_times(json.loads(str(value)))
            except ValueError:
                pass
        state[key] = value
    return state


def _without_times(entry):
    if isinstance(entry, dict):
        return {k: _without_times(v) for k, v in entry.items() if k != 'elapsed_time'}
    if isinstance(entry, list):
        return [_without_times(v) for v in entry]
    return entry


def _assert_same(a, b):
    assert sorted(a) == sorted(b)
    for key in a:
        if isinstance(a[key], numpy.ndarray):
            assert a[key].dtype == b[key].dtype, key
            assert a[key].tobytes() == b[key].tobytes(), key
        else:
            assert a[key] == b[key], key


def _observed(trainer):
    """What the run produced, read without ``serialize``: the parameters, the log, the
    plotted points, the firings, the optimizer's hyperparameters."""
    opt = trainer.updater.get_optimizer('main')
    seen = {'params': {name: p.data.tobytes() for name, p in opt.target.namedparams()},
            'hyperparameters': {k: v for k, v in vars(opt).items()
                                if isinstance(v, (int, float))}}
    for name in ('LogReport', 'PlotReport', 'counter'):
        try:
            extension = trainer.get_extension(name)
        except KeyError:
            continue
        seen[name] = _without_times(getattr(extension, 'log', None) or
                                    getattr(extension, 'fired', None) or
                                    getattr(extension, '_data', None))
    return seen


def _finish(trainer):
    try:
        trainer.run()
    finally:
        trainer.updater.get_iterator('main').finalize()
    return _state(trainer), _observed(trainer)


@pytest.mark.parametrize('name, make_optimizer, extend', CASES, ids=[c[0] for c in CASES])
def test_kill_and_resume_equals_an_uninterrupted_run(tmp_path, name, make_optimizer,
                                                     extend):
    straight = _finish(_trainer(tmp_path / 'a', N, make_optimizer, extend, seed=0))

    first = _trainer(tmp_path / 'b', K, make_optimizer, extend, seed=0)
    _finish(first)
    snapshot = str(tmp_path / 'snapshot_iter_{}'.format(K))
    serializers.save_npz(snapshot, first)

    resumed = _trainer(tmp_path / 'c', N, make_optimizer, extend, seed=1)
    serializers.load_npz(snapshot, resumed)
    assert resumed.updater.iteration == K
    state, observed = _finish(resumed)
    _assert_same(state, straight[0])
    assert observed == straight[1]


def test_a_fresh_run_from_another_seed_differs():
    # the premise of the cases above: without the snapshot, another seed gives another
    # run (so equality after loading shows that the state was loaded)
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        import pathlib
        tmp = pathlib.Path(tmp)
        a = _finish(_trainer(tmp / 'a', N, lambda: optimizers.SGD(lr=0.1),
                             _gradient_noise, seed=0))
        b = _finish(_trainer(tmp / 'b', N, lambda: optimizers.SGD(lr=0.1),
                             _gradient_noise, seed=1))
    with pytest.raises(AssertionError):
        _assert_same(a[0], b[0])
    assert a[1] != b[1]


def test_gradient_noise_state_is_what_makes_its_resume_exact(tmp_path):
    # a snapshot stripped of the hook's random state resumes to a different run
    straight = _finish(_trainer(tmp_path / 'a', N, lambda: optimizers.SGD(lr=0.1),
                                _gradient_noise, seed=0))
    first = _trainer(tmp_path / 'b', K, lambda: optimizers.SGD(lr=0.1),
                     _gradient_noise, seed=0)
    _finish(first)
    saver = serializers.DictionarySerializer()
    saver.save(first)
    entries = {k: v for k, v in saver.target.items() if '/hook:GradientNoise/' not in k}
    assert len(entries) == len(saver.target) - 4
    snapshot = str(tmp_path / 'stripped.npz')
    numpy.savez(snapshot, **entries)
    resumed = _trainer(tmp_path / 'c', N, lambda: optimizers.SGD(lr=0.1),
                       _gradient_noise, seed=1)
    serializers.load_npz(snapshot, resumed)  # loads: the state is optional
    state, observed = _finish(resumed)
    assert observed['params'] != straight[1]['params']


def test_the_model_is_part_of_the_compared_state(tmp_path):
    trainer = _trainer(tmp_path, N, lambda: optimizers.SGD(lr=0.1), None, seed=0)
    assert any(k.endswith('model:main/predictor/l1/W') or k.endswith('model:main/l1/W')
               for k in _state(trainer)), sorted(_state(trainer))
    assert isinstance(trainer.updater.get_optimizer('main').target, chainer.Link)
