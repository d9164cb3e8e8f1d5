"""Triggers: interval, manual schedule, best-value, and get_trigger."""
import pytest

from chainer import serializers, training
from chainer.training import triggers
from training_tests import tiny


@pytest.mark.parametrize('period, unit, expected', [
    (3, 'iteration', [3, 6, 9, 12]),
    (1, 'epoch', [4, 8, 12]),
    (2, 'epoch', [8]),
])
def test_interval_trigger(period, unit, expected):
    trigger = training.IntervalTrigger(period, unit)
    assert tiny.fire_points(trigger, tiny.FakeTrainer(), 12) == expected
    assert (trigger.period, trigger.unit) == (period, unit)


def test_interval_trigger_does_not_fire_before_training():
    assert not training.IntervalTrigger(1, 'iteration')(tiny.FakeTrainer())


@pytest.mark.parametrize('args, message', [
    ((0, 'epoch'), 'period must be a positive number of epochs'),
    ((1.5, 'iteration'), 'period must be a positive integer'),
    ((1, 'epochs'), "unit must be 'iteration' or 'epoch'"),
])
def test_interval_trigger_rejects_bad_arguments(args, message):
    with pytest.raises(ValueError, match=message):
        training.IntervalTrigger(*args)


class _UpdaterOfV1(object):
    """An updater as v1 tests write them: ``epoch_detail`` need not fall on iteration
    boundaries, and there is no ``previous_epoch_detail`` (added in v1.24)."""

    def __init__(self, iters_per_epoch):
        self.iteration = 0
        self.iters_per_epoch = iters_per_epoch

    @property
    def epoch_detail(self):
        return self.iteration / self.iters_per_epoch


class _UpdaterOfV124(_UpdaterOfV1):
    """The same with ``previous_epoch_detail`` (None before the first update)."""

    @property
    def previous_epoch_detail(self):
        return (self.iteration - 1) / self.iters_per_epoch if self.iteration else None


def _fired(trigger, iters_per_epoch, n, with_previous=False):
    """Iterations in 1..n at which ``trigger`` fires over a v1-style updater."""
    updater_class = _UpdaterOfV124 if with_previous else _UpdaterOfV1
    return _fired_over(trigger, updater_class(iters_per_epoch), n)


def _fired_over(trigger, updater, n):
    trainer = tiny.FakeTrainer()
    trainer.updater = updater
    fired = []
    for _ in range(n):
        trainer.updater.iteration += 1
        if trigger(trainer):
            fired.append(trainer.updater.iteration)
    return fired


@pytest.mark.parametrize('with_previous', [False, True])
def test_interval_trigger_takes_a_fractional_epoch_period_as_in_v1(with_previous):
    # 2 iterations per epoch: epochs 1.5 and 3.0 are reached at iterations 3 and 6
    trigger = training.IntervalTrigger(1.5, 'epoch')
    assert _fired(trigger, 2, 7, with_previous) == [3, 6]
    assert trigger.period == 1.5


@pytest.mark.parametrize('with_previous', [False, True])
def test_interval_trigger_fires_when_an_epoch_ends_between_iterations_as_in_v1(
        with_previous):
    # 2.5 iterations per epoch: epoch 1 ends during iteration 3, epoch 2 at 5
    assert _fired(training.IntervalTrigger(1, 'epoch'), 2.5, 7, with_previous) == [3, 5]


def test_epoch_trigger_over_a_mock_updater_derives_the_previous_epoch_as_in_v1():
    # v1 tests drive the trainer with a mock.Mock() updater: every attribute exists,
    # previous_epoch_detail is a Mock, not a number
    class MockLikeUpdater(_UpdaterOfV1):
        previous_epoch_detail = object()

    fired = _fired_over(training.IntervalTrigger(1, 'epoch'), MockLikeUpdater(4), 8)
    assert fired == [4, 8]


@pytest.mark.parametrize('iters_per_epoch', [29, 49, 98, 103])
def test_a_derived_previous_epoch_rounded_below_a_boundary_does_not_fire_twice(
        iters_per_epoch):
    # without previous_epoch_detail it is derived as epoch_detail * (i - 1) / i: at the
    # iteration after an epoch's end, float rounding gave e.g. 1.9999999999999998 for 2,
    # and the epoch trigger fired a second time
    fired = _fired(training.IntervalTrigger(1, 'epoch'), iters_per_epoch,
                   3 * iters_per_epoch + 1)
    assert fired == [iters_per_epoch, 2 * iters_per_epoch, 3 * iters_per_epoch]


def test_interval_trigger_is_reachable_as_training_trigger_interval_trigger_as_in_v1():
    assert training.trigger.IntervalTrigger is training.IntervalTrigger
    assert training.trigger.get_trigger is training.util.get_trigger
    assert triggers.interval.IntervalTrigger is training.IntervalTrigger


@pytest.mark.parametrize('points, iters_per_epoch, expected', [
    (1.5, 2, [3]),
    ([1.5, 2.5], 2, [3, 5]),
    ([1, 2], 2.5, [3, 5]),
    (1, 0.5, [1]),  # one iteration passes epochs 1 and 2: fires once
])
def test_manual_schedule_trigger_takes_fractional_epochs_as_in_v1(points,
                                                                  iters_per_epoch,
                                                                  expected):
    trigger = triggers.ManualScheduleTrigger(points, 'epoch')
    assert _fired(trigger, iters_per_epoch, 7, with_previous=True) == expected


def test_manual_schedule_trigger():
    trainer = tiny.FakeTrainer()
    assert tiny.fire_points(triggers.ManualScheduleTrigger([2, 5], 'iteration'),
                            trainer, 8) == [2, 5]
    trainer = tiny.FakeTrainer()
    assert tiny.fire_points(triggers.ManualScheduleTrigger(2, 'epoch'),
                            trainer, 12) == [8]


def _feed(trigger, values, iters_per_epoch=2):
    """Reports one value per iteration; returns the iterations at which it fired."""
    trainer = tiny.FakeTrainer(iters_per_epoch)
    fired = []
    for value in values:
        trainer.updater.step()
        trainer.observation = {'v': value}
        if trigger(trainer):
            fired.append(trainer.updater.iteration)
    return fired


def test_max_and_min_value_triggers_compare_interval_means():
    # epoch means: 2, 1, 3, 3 (ties are not new bests)
    values = [1, 3, 0, 2, 3, 3, 2, 4]
    assert _feed(triggers.MaxValueTrigger('v'), values) == [2, 6]
    assert _feed(triggers.MinValueTrigger('v'), values) == [2, 4]


def test_best_value_trigger_resumes_its_best(tmp_path):
    trigger = triggers.MaxValueTrigger('v')
    assert _feed(trigger, [5, 5]) == [2]
    serializers.save_npz(str(tmp_path / 't.npz'), trigger)
    resumed = triggers.MaxValueTrigger('v')
    serializers.load_npz(str(tmp_path / 't.npz'), resumed)
    assert _feed(resumed, [4, 4, 6, 6]) == [4]


def test_best_value_trigger_names_a_missing_key():
    trigger = triggers.MinValueTrigger('validation/main/loss', trigger=(1, 'iteration'))
    trainer = tiny.FakeTrainer()
    trainer.updater.step()
    trainer.observation = {'main/loss': 1.0}
    with pytest.raises(KeyError, match="'validation/main/loss' was not reported"):
        trigger(trainer)


def test_get_trigger():
    def func(trainer):
        return True

    assert training.get_trigger(func) is func
    assert not training.get_trigger(None)(tiny.FakeTrainer())
    assert isinstance(training.get_trigger((2, 'epoch')), training.IntervalTrigger)
    with pytest.raises(TypeError, match='trigger must be a callable, None or a'):
        training.get_trigger((1, 'epoch', 2))
