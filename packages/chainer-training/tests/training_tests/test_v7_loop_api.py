"""v7's training-loop API: StandardUpdater's input_device, loss_scale and
auto_new_epoch, Trainer.extend(call_before_training=), the on_error and initializer
hooks, and the OnceTrigger, TimeTrigger, EarlyStoppingTrigger and
ManualScheduleTrigger.finished triggers."""
import numpy
import pytest

import chainer
from chainer import serializers, training
from chainer.training import triggers
from training_tests import tiny


def _updater(**kwargs):
    model = tiny.Model()
    opt = chainer.optimizers.SGD(lr=0.1)
    opt.setup(model)
    it = chainer.iterators.SerialIterator(tiny.dataset(), 6)
    return training.StandardUpdater(it, opt, **kwargs), opt


def test_input_device_defaults_to_device_and_a_plain_converter_gets_an_id():
    seen = []

    def converter(batch, device):
        seen.append(device)
        return chainer.dataset.concat_examples(batch)

    updater, _ = _updater(converter=converter, device='@numpy')
    assert isinstance(updater.device, chainer.backend.Device)
    assert updater.input_device is updater.device
    updater.update()
    assert seen == [-1]  # v1-style converters take ids

    updater, _ = _updater(converter=converter, input_device='@numpy')
    assert updater.device is None
    assert updater.input_device.xp is numpy
    v1_style, _ = _updater(converter=converter, device=-1)
    assert v1_style.device == -1 and v1_style.input_device == -1
    with pytest.raises(TypeError):
        _updater(input_devise='@numpy')


def test_loss_scale_and_auto_new_epoch():
    updater, opt = _updater(loss_scale=8.0)
    assert updater.loss_scale == 8.0 and opt._loss_scale == 8.0
    assert opt.use_auto_new_epoch
    for _ in range(4):  # 24 examples, batches of 6
        updater.update()
    assert opt.epoch == 1
    updater, opt = _updater(auto_new_epoch=False)
    for _ in range(4):
        updater.update()
    assert opt.epoch == 0 and not opt.use_auto_new_epoch


def test_call_before_training_runs_at_iteration_0_only(tmp_path):
    calls = []

    def record(trainer):
        calls.append((trainer.updater.iteration, trainer.is_before_training))

    trainer = tiny.trainer(tmp_path, stop=(2, 'iteration'))
    trainer.extend(record, trigger=(10, 'iteration'), call_before_training=True)
    trainer.run()
    assert calls == [(0, True)]
    saved = {}
    serializers.DictionarySerializer(saved).save(trainer)
    resumed = tiny.trainer(tmp_path, stop=(4, 'iteration'))
    resumed.extend(record, trigger=(10, 'iteration'), call_before_training=True)
    serializers.NpzDeserializer(saved).load(resumed)
    calls.clear()
    resumed.run()
    assert calls == []  # not before a resumed training


def test_on_error_handlers_run_and_the_loop_error_is_raised(tmp_path, capsys):
    events = []

    class Handler(training.Extension):
        def __call__(self, trainer):
            pass

        def on_error(self, trainer, exc, tb):
            events.append(('handled', type(exc).__name__, tb is not None))

        def finalize(self):
            events.append(('finalized',))

    def broken_handler(trainer, exc, tb):
        raise ValueError('in the handler')

    @training.make_extension(priority=500, on_error=broken_handler,
                             initializer=lambda trainer: events.append(('init',)))
    def fails(trainer):
        raise KeyError('in the loop')

    trainer = tiny.trainer(tmp_path)
    trainer.extend(fails)
    trainer.extend(Handler())
    with pytest.raises(KeyError, match='in the loop'):
        trainer.run()
    assert events == [('init',), ('handled', 'KeyError', True), ('finalized',)]
    assert 'in the handler' in capsys.readouterr().err


def test_extension_defaults():
    class NoCall(training.Extension):
        pass

    with pytest.raises(NotImplementedError):
        NoCall()(None)
    with pytest.raises(TypeError):  # what v1-era code here caught
        NoCall()(None)
    assert NoCall().invoke_before_training is False  # v1's documented default

    @training.make_extension()
    def ext(trainer):
        pass

    assert ext.initialize is None and ext.on_error is None and ext.finalize is None
    assert ext.invoke_before_training is False  # v1 reads it
    with pytest.raises(TypeError):
        training.make_extension(foo=1)


def test_once_trigger_and_resume():
    trainer = tiny.FakeTrainer()
    trigger = triggers.OnceTrigger()
    assert not trigger.finished
    assert trigger(trainer) and trigger.finished and not trigger(trainer)
    saved = {}
    serializers.DictionarySerializer(saved).save(trigger)
    again = triggers.OnceTrigger(call_on_resume=True)
    serializers.NpzDeserializer(saved).load(again)
    assert again(trainer) and not again(trainer)
    quiet = triggers.OnceTrigger()
    serializers.NpzDeserializer(saved).load(quiet)
    assert quiet.finished and not quiet(trainer)


def test_time_trigger_fires_once_per_period():
    trainer = tiny.FakeTrainer()
    trigger = triggers.TimeTrigger(1.0)
    fired = []
    for t in (0.5, 1.2, 1.5, 2.1, 5.0, 5.1):
        trainer.elapsed_time = t
        fired.append(trigger(trainer))
    assert fired == [False, True, False, True, True, True]  # late: catches up


def test_manual_schedule_trigger_finished():
    trainer = tiny.FakeTrainer(iters_per_epoch=2)
    trigger = triggers.ManualScheduleTrigger([2, 4], 'iteration')
    states = []
    for _ in range(5):
        trainer.updater.step()
        states.append((trigger(trainer), trigger.finished))
    assert states == [(False, False), (True, False), (False, False), (True, True),
                      (False, True)]


def test_early_stopping_trigger_stops_on_a_plateau():
    trainer = tiny.FakeTrainer(iters_per_epoch=1)
    trigger = triggers.EarlyStoppingTrigger(monitor='main/loss', patience=2,
                                            check_trigger=(1, 'epoch'),
                                            max_trigger=(50, 'epoch'))
    losses = [1.0, 0.5, 0.6, 0.7, 0.4]
    stops = []
    for loss in losses:
        trainer.updater.step()
        trainer.observation = {'main/loss': loss}
        stops.append(trigger(trainer))
    assert stops == [False, False, False, True, False]
    assert trigger.get_training_length() == (50, 'epoch')
    acc = triggers.EarlyStoppingTrigger(monitor='validation/main/accuracy')
    assert acc.best == float('-inf')
    with pytest.raises(TypeError):
        triggers.EarlyStoppingTrigger(patience=1, patients=2)


@pytest.mark.parametrize('show', [True, False])
def test_the_loop_error_is_printed_unless_asked_not_to(tmp_path, capsys, show):
    def fails(trainer):
        raise ValueError('diverged')

    trainer = tiny.trainer(tmp_path)
    trainer.extend(fails)
    with pytest.raises(ValueError):
        trainer.run(show_loop_exception_msg=show)
    assert ('Exception in main training loop: diverged' in capsys.readouterr().err) \
        is show


def test_numeric_arrays_are_wrapped_and_other_values_passed_as_they_are():
    received = []

    def loss(x, names):
        received.append((type(x), names))
        return chainer.functions.sum(x)

    def converter(batch, device):
        return (numpy.ones((2, 3), 'f'), numpy.array(['a', None], dtype=object))

    updater, _ = _updater(converter=converter, loss_func=loss)
    updater.update()
    assert received[0][0] is chainer.Variable  # v1 code reads x.data
    assert received[0][1].dtype == object


def test_a_converter_object_gets_a_device_object_for_an_id():
    seen = []

    class Conv(chainer.dataset.Converter):
        def __call__(self, batch, device):
            seen.append(device)
            return chainer.dataset.concat_examples(batch)

    updater, _ = _updater(converter=Conv(), device=-1)
    updater.update()
    assert isinstance(seen[0], chainer.backend.Device) and seen[0].xp is numpy
