"""ExponentialShift and LinearShift: values over calls, and after a resume."""
import numpy
import pytest

from chainer import optimizers, serializers
from chainer.training import extensions
from training_tests import tiny


def _lrs(tmp_path, shift, iterations, optimizer=None):
    trainer = tiny.trainer(tmp_path, stop=(iterations, 'iteration'),
                           optimizer=optimizer or optimizers.MomentumSGD(lr=1.0))
    lrs = []
    trainer.extend(shift)
    trainer.extend(lambda t: lrs.append(t.updater.get_optimizer('main').lr), name='spy',
                   priority=-1)
    trainer.run()
    return trainer, lrs


def test_exponential_shift_decays_to_the_target(tmp_path):
    _, lrs = _lrs(tmp_path, extensions.ExponentialShift('lr', 0.5, target=0.2), 4)
    assert lrs == [0.5, 0.25, 0.2, 0.2]


def test_exponential_shift_from_init_and_upwards(tmp_path):
    opt = optimizers.MomentumSGD()
    trainer = tiny.trainer(tmp_path, stop=(3, 'iteration'), optimizer=opt)
    trainer.extend(extensions.ExponentialShift('momentum', 2, init=0.1, target=0.5))
    trainer.run()
    assert opt.momentum == 0.5


@pytest.mark.parametrize('init, rate, target, expected', [
    (-2.0, 0.5, -1.2, [-2.0, -1.2, -1.2]),  # shrinking magnitude stops at the target
    (-2.0, 2.0, -3.0, [-2.0, -3.0, -3.0]),  # growing magnitude too
    (2.0, 0.5, 0.0, [2.0, 1.0, 0.5]),       # 0 is never reached
])
def test_exponential_shift_stops_at_a_negative_target_as_in_v1(init, rate, target,
                                                               expected):
    shift = extensions.ExponentialShift('lr', rate, init=init, target=target)
    assert [shift.value_at(t, None) for t in range(3)] == expected


def test_exponential_shift_takes_numpy_scalars_as_in_v1():
    shift = extensions.ExponentialShift('lr', numpy.float32(0.5), init=numpy.float32(2),
                                        target=numpy.float32(0.75))
    assert [float(shift.value_at(t, None)) for t in range(3)] == [2.0, 1.0, 0.75]


def test_exponential_shift_value_is_restored_on_resume(tmp_path):
    shift = extensions.ExponentialShift('lr', 0.5)
    trainer, _ = _lrs(tmp_path, shift, 3)
    serializers.save_npz(str(tmp_path / 'snap'), trainer)
    resumed = tiny.trainer(tmp_path, stop=(4, 'iteration'),
                           optimizer=optimizers.MomentumSGD(lr=1.0))
    resumed.extend(extensions.ExponentialShift('lr', 0.5))
    serializers.load_npz(str(tmp_path / 'snap'), resumed)
    seen = []
    resumed.extend(lambda t: seen.append(t.updater.get_optimizer('main').lr), name='spy',
                   invoke_before_training=True, priority=-1)
    resumed.run()
    assert seen == [0.125, 0.0625]  # before training: the snapshot's value


def test_linear_shift(tmp_path):
    _, lrs = _lrs(tmp_path, extensions.LinearShift('lr', (1.0, 0.0), (1, 3)), 5)
    assert lrs == pytest.approx([1.0, 0.5, 0.0, 0.0, 0.0])


def test_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match='rate must be positive'):
        extensions.ExponentialShift('lr', 0)
    with pytest.raises(ValueError, match='time_range'):
        extensions.LinearShift('lr', (1, 0), (3, 1))
    with pytest.raises(AttributeError, match="no attribute 'rho'"):
        _lrs(tmp_path, extensions.ExponentialShift('rho', 0.5), 1)


@pytest.mark.parametrize('make', [
    lambda: extensions.ExponentialShift('lr', 0.5),
    lambda: extensions.LinearShift('lr', (1.0, 0.0), (0, 4)),
], ids=['exponential', 'linear'])
def test_called_before_training_by_default_without_an_extra_step(tmp_path, make):
    # v1 documents these as "also called before the training loop starts by default";
    # forcing the flag (as v1 advises for such extensions) changes nothing.
    assert make().invoke_before_training is True
    _, default = _lrs(tmp_path, make(), 3)
    trainer = tiny.trainer(tmp_path, stop=(3, 'iteration'),
                           optimizer=optimizers.MomentumSGD(lr=1.0))
    lrs = []
    trainer.extend(make(), invoke_before_training=True)
    trainer.extend(lambda t: lrs.append(t.updater.get_optimizer('main').lr), name='spy',
                   priority=-1, invoke_before_training=True)
    trainer.run()
    assert lrs == [1.0] + default


def test_manual_calls_start_from_the_initial_value():
    # Called without Trainer.run (no initialize): the first call applies the initial
    # value, each call at a later iteration the next one.
    trainer = tiny.FakeTrainer()
    opt = optimizers.SGD(lr=1.0)
    shift = extensions.ExponentialShift('lr', 0.5, optimizer=opt)
    seen = []
    for _ in range(3):
        trainer.updater.step()
        shift(trainer)
        seen.append(opt.lr)
    assert seen == [1.0, 0.5, 0.25]
