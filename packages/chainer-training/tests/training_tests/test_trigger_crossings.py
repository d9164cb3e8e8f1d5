"""Epoch triggers fire once per boundary however the main iterator was advanced: by
the update, by an extension drawing a batch (a GAN script rendering samples), or by
several draws in one iteration; and the same after a resume."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import iterators, optimizers, serializers, training
from chainer.training import triggers
from training_tests import tiny


_MAX_ITERATIONS = 40


def _data(n):
    return numpy.arange(n * 2, dtype=numpy.float32).reshape(n, 2) / n


class _GANLikeUpdater(training.StandardUpdater):
    """Two iterators and two optimizers, as a v1 GAN script builds them; each
    update draws ``draws`` batches from ``'main'`` and one from ``'z'``."""

    def __init__(self, iterators_, optimizers_, draws=1):
        super().__init__(iterators_, optimizers_)
        self.draws = draws

    def update_core(self):
        gen = self.get_optimizer('gen')
        dis = self.get_optimizer('dis')
        z = numpy.asarray(self.get_iterator('z').next())
        for _ in range(self.draws):
            x = numpy.asarray(self.get_iterator('main').next())
            fake = gen.target(z)
            loss_dis = F.sum(F.softplus(-dis.target(x))) + \
                F.sum(F.softplus(dis.target(fake)))
            dis.target.cleargrads()
            loss_dis.backward()
            dis.update()
            loss_gen = F.sum(F.softplus(-dis.target(gen.target(z))))
            gen.target.cleargrads()
            loss_gen.backward()
            gen.update()


def _gan_trainer(tmp_path, stop, n=12, batch=4, draws=1):
    numpy.random.seed(0)
    gen, dis = L.Linear(2, 2), L.Linear(2, 1)
    opts = {}
    for name, link in (('gen', gen), ('dis', dis)):
        opts[name] = optimizers.SGD(lr=0.01)
        opts[name].setup(link)
    its = {'main': iterators.SerialIterator(_data(n), batch, shuffle=False),
           'z': iterators.SerialIterator(_data(n) + 1, batch, shuffle=False)}
    updater = _GANLikeUpdater(its, opts, draws)
    trainer = training.Trainer(updater, stop, out=str(tmp_path))

    @training.make_extension(trigger=(1, 'iteration'))
    def guard(trainer_):
        # a stop trigger that misses its epoch would loop for ever: fail instead
        if trainer_.updater.iteration > _MAX_ITERATIONS:
            raise RuntimeError('the stop trigger did not fire')

    trainer.extend(guard)
    return trainer


def _record(trainer, name='record', trigger=(1, 'epoch'), draw=False, priority=None):
    """Registers an extension noting the iterations it runs at; with ``draw`` it
    also draws one batch from the main iterator (to render samples)."""
    fired = []

    @training.make_extension(trigger=trigger)
    def record(trainer_):
        fired.append(trainer_.updater.iteration)
        if draw:
            trainer_.updater.get_iterator('main').next()

    trainer.extend(record, name=name, priority=priority)
    return fired


def test_an_extension_drawing_from_the_main_iterator_does_not_hide_the_stop(tmp_path):
    # 12 examples, batches of 4: the update ends epoch 1 at iteration 3, then the
    # extension's draw takes the epoch to 1.33; epoch 2 is ended by the update of
    # iteration 5 (1.67 -> 2.0) and the extension draws again (2.33)
    trainer = _gan_trainer(tmp_path, (2, 'epoch'))
    fired = _record(trainer, draw=True)
    after = _record(trainer, name='after', priority=-1)  # runs after the draw
    trainer.run()
    assert trainer.updater.iteration == 5
    assert fired == [3, 5]
    assert after == [3, 5]
    assert trainer.updater.epoch_detail == pytest.approx(7 / 3)


def test_an_extension_draw_ending_an_epoch_fires_once(tmp_path):
    # the extension runs every 2 iterations: its draw at iteration 2 ends epoch 1
    # (0.67 -> 1.0); the epoch extension after it and the stop trigger see it once
    trainer = _gan_trainer(tmp_path, (2, 'epoch'))
    _record(trainer, name='drawer', trigger=(2, 'iteration'), draw=True)
    epochs = _record(trainer, name='epochs', priority=-1)
    trainer.run()
    # draws: iterations 1, 2 (+ the extension's), 3, 4 (+ 1) ... epoch 2 ends with
    # the update of iteration 4 (1.67 -> 2.0)
    assert epochs == [2, 4]
    assert trainer.updater.iteration == 4


def test_an_epoch_ended_by_one_of_several_draws_in_an_iteration_is_seen(tmp_path):
    # two batches of 4 out of 12 per iteration: epochs end at draws 3, 6, 9, the
    # first draw of iteration 2, the second of iteration 3, the first of iteration 5
    trainer = _gan_trainer(tmp_path, (3, 'epoch'), draws=2)
    fired = _record(trainer)
    manual = _record(trainer, name='manual',
                     trigger=triggers.ManualScheduleTrigger([1, 3], 'epoch'))
    trainer.run()
    assert fired == [2, 3, 5]
    assert manual == [2, 5]
    assert trainer.updater.iteration == 5


def test_one_trigger_object_can_be_the_stop_trigger_and_an_extension_trigger(tmp_path):
    stop = training.IntervalTrigger(1, 'epoch')
    trainer = _gan_trainer(tmp_path, stop)
    fired = _record(trainer, trigger=stop, draw=True)
    trainer.run()
    assert fired == [3]
    assert trainer.updater.iteration == 3


def test_best_value_trigger_compares_once_per_epoch_under_draws(tmp_path):
    trainer = _gan_trainer(tmp_path, (3, 'epoch'))
    _record(trainer, draw=True)
    values = iter(range(100, 0, -1))

    @training.make_extension(trigger=(1, 'iteration'), priority=1000)
    def report(trainer_):
        chainer.report({'v': float(next(values))})

    trainer.extend(report)
    best = _record(trainer, name='best', priority=-1,
                   trigger=triggers.MinValueTrigger('v'))
    trainer.run()
    # epochs end at iterations 3, 5 and 7 (each extension draw takes a third)
    assert best == [3, 5, 7]


def _gan_run_with_resume(tmp_path, stop_first):
    first = _gan_trainer(tmp_path / 'a', stop_first)
    _record(first, draw=True)
    first.run()
    serializers.save_npz(str(tmp_path / 'snapshot.npz'), first)
    resumed = _gan_trainer(tmp_path / 'b', (3, 'epoch'))
    fired = _record(resumed, draw=True)
    serializers.load_npz(str(tmp_path / 'snapshot.npz'), resumed)
    resumed.run()
    return fired, resumed.updater.iteration


@pytest.mark.parametrize('stop_first', [(4, 'iteration'), (3, 'iteration'),
                                        (1, 'epoch')])
def test_a_resumed_training_fires_where_the_uninterrupted_one_does(tmp_path,
                                                                    stop_first):
    whole = _gan_trainer(tmp_path / 'whole', (3, 'epoch'))
    fired_whole = _record(whole, draw=True)
    whole.run()
    assert fired_whole == [3, 5, 7]
    fired, iteration = _gan_run_with_resume(tmp_path, stop_first)
    done = stop_first[0] if stop_first[1] == 'iteration' else 3
    assert fired == [i for i in fired_whole if i > done]
    assert iteration == whole.updater.iteration == 7


def test_trigger_state_is_saved_under_the_keys_of_later_releases(tmp_path):
    trainer = tiny.FakeTrainer(iters_per_epoch=4)
    trigger = training.IntervalTrigger(1, 'epoch')
    assert tiny.fire_points(trigger, trainer, 5) == [4]
    saved = {}
    serializers.DictionarySerializer(saved).save(trigger)
    assert int(saved['previous_iteration']) == 5
    assert float(saved['previous_epoch_detail']) == 1.25
    # a trigger loaded from it covers (1.25, current] next
    for iteration, expected in ((7, False), (8, True), (12, True)):
        loaded = training.IntervalTrigger(1, 'epoch')
        serializers.NpzDeserializer(saved).load(loaded)
        trainer.updater.iteration = iteration
        assert loaded(trainer) is expected
        assert loaded(trainer) is expected  # a second call at one iteration agrees
    # the counts went back (the updater was loaded alone): derived from the updater
    loaded = training.IntervalTrigger(1, 'epoch')
    serializers.NpzDeserializer(saved).load(loaded)
    trainer.updater.iteration = 4
    assert loaded(trainer)  # (0.75, 1.0]


def test_a_trigger_state_of_chainer_v7_loads():
    # v7.8.1's IntervalTrigger saved only the counts at its last call
    trigger = triggers.IntervalTrigger(2, 'epoch')
    serializers.NpzDeserializer({'previous_iteration': numpy.array(7),
                                 'previous_epoch_detail': numpy.array(1.75)}
                                ).load(trigger)
    trainer = tiny.FakeTrainer(iters_per_epoch=4)
    trainer.updater.iteration = 8
    assert trigger(trainer)
    assert not trigger(tiny.FakeTrainer())  # counts went back: nothing crossed


@pytest.mark.parametrize('make', [
    lambda: training.IntervalTrigger(1, 'epoch'),
    lambda: triggers.ManualScheduleTrigger(1, 'epoch'),
    lambda: training.IntervalTrigger(4, 'iteration'),
])
def test_a_snapshot_without_trigger_state_derives_it_from_the_updater(make):
    # Chainer v1 triggers kept no state: nothing to load; v7 warns about it
    trigger = make()
    with pytest.warns(UserWarning, match='no state of this trigger'):
        serializers.NpzDeserializer({}, strict=True).load(trigger)
    trainer = tiny.FakeTrainer(iters_per_epoch=4)
    trainer.updater.iteration = 3
    assert not trigger(trainer)
    trainer.updater.iteration = 4
    assert trigger(trainer)


@pytest.mark.parametrize('value', [numpy.nan, numpy.inf, -3.0])
def test_a_meaningless_saved_epoch_is_treated_as_unknown(value):
    trigger = training.IntervalTrigger(1, 'epoch')
    serializers.NpzDeserializer({'previous_iteration': numpy.array(3),
                                 'previous_epoch_detail': numpy.array(value)}
                                ).load(trigger)
    trainer = tiny.FakeTrainer(iters_per_epoch=4)
    trainer.updater.iteration = 4
    assert trigger(trainer)  # derived: (0.75, 1.0]
    trainer.updater.iteration = 5
    assert not trigger(trainer)


def test_loading_a_damaged_snapshot_leaves_the_trigger_unchanged():
    trigger = training.IntervalTrigger(1, 'epoch')
    trainer = tiny.FakeTrainer(iters_per_epoch=4)
    tiny.fire_points(trigger, trainer, 3)
    with pytest.raises(ValueError):
        serializers.NpzDeserializer({'previous_iteration': numpy.zeros(2)}).load(
            trigger)
    trainer.updater.iteration = 4
    assert trigger(trainer)


def test_an_iteration_trigger_called_sparsely_fires_once_per_multiple():
    trigger = training.IntervalTrigger(3, 'iteration')
    trainer = tiny.FakeTrainer()
    fired = []
    for iteration in (1, 2, 4, 5, 7, 9, 10, 11, 12):
        trainer.updater.iteration = iteration
        if trigger(trainer):
            fired.append(iteration)
    assert fired == [4, 7, 9, 12]


def test_a_new_trigger_over_an_updater_resumed_alone_covers_the_last_iteration(
        tmp_path):
    # as v1.24's stateless triggers: a v1 script resumes the updater only and builds
    # new triggers; a boundary passed before the resume does not fire again
    first = tiny.trainer(tmp_path, stop=(6, 'iteration'))  # 4 iterations an epoch
    first.run()
    saved = {}
    serializers.DictionarySerializer(saved).save(first.updater)
    for make in (lambda: training.IntervalTrigger(1, 'epoch'),
                 lambda: triggers.ManualScheduleTrigger([1, 2], 'epoch'),
                 lambda: training.IntervalTrigger(4, 'iteration')):
        trainer = tiny.trainer(tmp_path)
        serializers.NpzDeserializer(saved).load(trainer.updater)
        trigger = make()
        assert trainer.updater.iteration == 6
        assert not trigger(trainer)  # epoch 1 ended before the resume
        trainer.updater.update()
        trainer.updater.update()
        assert trigger(trainer)  # (1.5, 2.0] or (6, 8]: from the last call on


def test_a_new_trigger_first_called_late_covers_the_training_from_its_start():
    # v7: a trigger starts at 0, whenever it is first called (once per call)
    trainer = tiny.FakeTrainer(iters_per_epoch=4)
    for trigger in (training.IntervalTrigger(1, 'epoch'),
                    triggers.ManualScheduleTrigger([1, 2], 'epoch'),
                    training.IntervalTrigger(4, 'iteration')):
        trainer.updater.iteration = 6
        assert trigger(trainer)  # (0, 1.5] or (0, 6]
        trainer.updater.step()
        assert not trigger(trainer)  # (1.5, 1.75] or (6, 7]


def test_micro_average_saves_its_trigger(tmp_path):
    from chainer.training import extensions

    average = extensions.MicroAverage('n', 'd', 'ratio')
    trainer = tiny.FakeTrainer(iters_per_epoch=4)
    for _ in range(5):
        trainer.updater.step()
        trainer.observation = {'n': 1.0, 'd': 2.0}
        with chainer.Reporter().scope({}):
            average(trainer)
    saved = {}
    serializers.DictionarySerializer(saved).save(average)
    assert float(saved['trigger/previous_epoch_detail']) == 1.25
    resumed = extensions.MicroAverage('n', 'd', 'ratio')
    serializers.NpzDeserializer(saved).load(resumed)
    reported = {}
    trainer.updater.step()  # epoch 1.5: nothing to report yet
    with chainer.Reporter().scope(reported):
        resumed(trainer)
    assert reported == {}
