"""Host optimizer states lose their subnormal values every FLUSH_INTERVAL steps (stuck
subnormals make every later update pay the CPU's slow path)."""
import numpy
import pytest

import chainer
from chainer import optimizers
from chainer.optimizers import _array_rule

TINY = numpy.finfo(numpy.float32).tiny
SMALLEST = numpy.float32(1.4e-45)


def test_flush_zeroes_subnormals_only_at_the_interval():
    v = numpy.array([SMALLEST, -SMALLEST, TINY, -0.5, 0.0, numpy.nan, TINY / 4],
                    dtype=numpy.float32)
    state = {'v': v, 'count': 3}
    _array_rule.flush_subnormal_states(state, _array_rule.FLUSH_INTERVAL + 1)
    assert v[0] == SMALLEST  # not a flush step
    _array_rule.flush_subnormal_states(state, 2 * _array_rule.FLUSH_INTERVAL)
    numpy.testing.assert_array_equal(
        v, numpy.array([0, 0, TINY, -0.5, 0, numpy.nan, 0], dtype=numpy.float32))
    assert state['count'] == 3


def _dead_unit_model():
    model = chainer.Link()
    with model.init_scope():
        model.w = chainer.Parameter(numpy.ones((4, 8), dtype=numpy.float32))
    return model


def _train(model, optimizer, steps):
    optimizer.setup(model)
    for step in range(steps):
        model.cleargrads()
        # the first row always gets a gradient, the others only at the first step
        grad = numpy.zeros((4, 8), dtype=numpy.float32)
        grad[0] = 1e-3
        if step == 0:
            grad[1:] = 1e-3
        model.w.grad = grad
        optimizer.update()


def _subnormal(a):
    return int(((a != 0) & (numpy.abs(a) < TINY)).sum())


@pytest.mark.parametrize('make', [lambda: optimizers.MomentumSGD(lr=0.1),
                                  lambda: optimizers.Adam()])
def test_decayed_states_do_not_stay_subnormal(make):
    optimizer = make()
    model = _dead_unit_model()
    _train(model, optimizer, 1024)  # a flush step: no subnormal left
    for name, value in optimizer._states['/w'].items():
        assert _subnormal(value) == 0, name
    assert numpy.all(numpy.isfinite(model.w.array))


def test_a_v7_update_rule_flushes_its_state_too():
    model = _dead_unit_model()
    optimizer = optimizers.MomentumSGD(lr=0.1)
    optimizer.setup(model)
    model.w.update_rule = optimizers.MomentumSGDRule(lr=0.1)
    for step in range(1024):
        model.cleargrads()
        model.w.grad = numpy.zeros((4, 8), dtype=numpy.float32) if step else \
            numpy.full((4, 8), 1e-3, dtype=numpy.float32)
        optimizer.update()
    assert model.w.update_rule.t == 1024
    assert _subnormal(model.w.update_rule.state['v']) == 0
