"""The state of dynamic loss scaling (the current scale, whether a gradient ever
overflowed) is saved with the optimizer and restored, so a resumed float16 run goes
on with the scale it had; files without it (the real Chainer's) keep the scaling
as configured."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import optimizers, serializers


def _optimizer(interval=4):
    with chainer.using_config('dtype', chainer.mixed16):
        link = L.Linear(3, 2)
    opt = optimizers.MomentumSGD(0.01)
    opt.setup(link)
    opt.use_fp32_update()
    opt.loss_scaling(interval=interval)
    return opt


def _step(opt, value=1.0):
    x = numpy.full((2, 3), value, numpy.float16)
    opt.update(lambda: F.sum(opt.target(x)))


def _keys(path):
    with numpy.load(str(path)) as f:
        return set(f.files)


def test_the_scale_and_the_overflow_flag_are_saved_and_restored(tmp_path):
    opt = _optimizer()
    for _ in range(3):
        _step(opt)
    assert opt._loss_scale == 8.0  # doubled at each clean step before any overflow
    with pytest.warns(UserWarning, match='non-finite'):
        _step(opt, 60000.0)  # the scaled gradient overflows float16: step skipped
    assert opt._loss_scale == 4.0
    path = tmp_path / 'opt.npz'
    serializers.save_npz(str(path), opt)
    assert {'loss_scaling/scale', 'loss_scaling/overflowed'} <= _keys(path)

    resumed = _optimizer()
    serializers.load_npz(str(path), resumed)
    assert resumed._loss_scale == 4.0 and resumed._loss_scaling_isnan_ever
    _step(resumed)  # after an overflow the scale grows by 2 ** (1 / interval)
    assert resumed._loss_scale == pytest.approx(4.0 * 2 ** 0.25)


def test_a_file_without_the_state_keeps_the_configured_scaling(tmp_path):
    plain = _optimizer()
    plain._loss_scaling_is_dynamic = False  # writes what the real Chainer writes
    path = tmp_path / 'opt.npz'
    serializers.save_npz(str(path), plain)
    assert not any(k.startswith('loss_scaling') for k in _keys(path))
    opt = _optimizer()
    _step(opt)
    serializers.load_npz(str(path), opt)
    assert opt._loss_scale == 2.0


def test_a_bad_saved_scale_is_refused_and_nothing_changes(tmp_path):
    opt = _optimizer()
    _step(opt)
    entries = chainer.serializers.DictionarySerializer()
    entries.save(opt)
    target = dict(entries.target)
    target['loss_scaling/scale'] = numpy.array(-1.0)
    target['t'] = numpy.array(99)
    resumed = _optimizer()
    with pytest.raises(ValueError, match='loss_scaling/scale'):
        chainer.serializers.NpzDeserializer(target).load(resumed)
    assert resumed.t == 0 and resumed._loss_scale == 1.0


def test_without_dynamic_scaling_no_entry_is_written(tmp_path):
    opt = optimizers.SGD()
    opt.setup(L.Linear(3, 2))
    opt.loss_scaling(scale=128.0)  # a fixed scale is configuration, not state
    path = tmp_path / 'opt.npz'
    serializers.save_npz(str(path), opt)
    assert _keys(path) == {'t', 'epoch'}
