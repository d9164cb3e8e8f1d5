"""Gradients of plain leaf Variables computed on first read (chainer._deferred_grad):
values as if computed at once, never computed when never read, and no deferral where
something could observe it."""
import copy
import pickle

import numpy
import pytest

import chainer
from chainer import Variable
from chainer.function import DEFERRABLE, DeferredGrad


class Scale(chainer.Function):
    """y = 3 x + w; defers x's gradient when told it may, counting its computations."""

    computed = 0

    def forward(self, inputs):
        x, w = inputs
        return 3 * x + w,

    def backward(self, inputs, grad_outputs):
        gy, = grad_outputs
        needed = self._input_grads_needed(inputs)
        self.needed = needed
        gx = DeferredGrad(_times_three, gy.copy()) if needed[0] is DEFERRABLE \
            else _times_three(gy)
        return gx, gy.copy()


def _times_three(gy):
    Scale.computed += 1
    return 3 * gy


def _step(x, w=None, **backward_kwargs):
    w = Variable(numpy.ones(3, numpy.float32)) if w is None else w
    f = Scale()
    y = f(x, w)
    y.grad = numpy.array([1, 2, 3], numpy.float32)
    y.backward(**backward_kwargs)
    return f, w


def _leaf():
    return Variable(numpy.zeros(3, numpy.float32))


@pytest.fixture(autouse=True)
def _count():
    Scale.computed = 0


def test_a_plain_leaf_gradient_is_computed_on_first_read_only():
    x = _leaf()
    f, _ = _step(x)
    assert f.needed[0] is DEFERRABLE
    assert isinstance(x._grad, DeferredGrad) and Scale.computed == 0
    numpy.testing.assert_array_equal(x.grad, [3, 6, 9])
    assert Scale.computed == 1
    x.grad
    assert Scale.computed == 1 and isinstance(x.grad, numpy.ndarray)


def test_a_leaf_never_read_never_computes():
    _step(_leaf())
    assert Scale.computed == 0


@pytest.mark.parametrize('reader', [
    lambda x: x.grad_var.array,
    lambda x: pickle.loads(pickle.dumps(x)).grad,
    lambda x: copy.deepcopy(x).grad,
    lambda x: (x.to_cpu(), x._grad)[1],
])
def test_every_way_of_reading_sees_the_value(reader):
    x = _leaf()
    _step(x)
    numpy.testing.assert_array_equal(reader(x), [3, 6, 9])


def test_a_second_backward_accumulates_into_a_deferred_gradient():
    x = _leaf()
    _step(x)
    _step(x)
    assert not isinstance(x._grad, DeferredGrad)  # summed at the second pass
    numpy.testing.assert_array_equal(x.grad, [6, 12, 18])


def test_a_leaf_used_twice_in_one_pass_gets_the_sum():
    x = _leaf()
    w = Variable(numpy.ones(3, numpy.float32))
    y = Scale()(x, w) + Scale()(x, w)
    y.grad = numpy.array([1, 2, 3], numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [6, 12, 18])


def test_cleargrad_drops_and_zerograd_zeroes_a_deferred_gradient():
    x = _leaf()
    _step(x)
    x.cleargrad()
    assert x.grad is None and Scale.computed == 0
    _step(x)
    with pytest.warns(DeprecationWarning):
        x.zerograd()
    numpy.testing.assert_array_equal(x.grad, [0, 0, 0])
    assert Scale.computed == 0


def test_a_parameter_or_subclass_gets_its_gradient_at_once():
    class Mine(Variable):
        pass
    for x in (chainer.Parameter(numpy.zeros(3, numpy.float32)),
              Mine(numpy.zeros(3, numpy.float32))):
        x.cleargrad()  # (a new Parameter holds NaNs, as in v1)
        f, _ = _step(x)
        assert f.needed[0] is True and not isinstance(x._grad, DeferredGrad)
        numpy.testing.assert_array_equal(x.grad, [3, 6, 9])


def test_no_deferral_where_it_could_be_observed():
    x = _leaf()
    f, _ = _step(x, retain_grad=True)
    assert f.needed[0] is True
    with chainer.using_config('debug', True):
        chainer.set_debug(True)
        try:
            f, _ = _step(_leaf())
        finally:
            chainer.set_debug(False)
    assert f.needed[0] is True
    with chainer.function_hooks.TimerHook():
        f, _ = _step(_leaf())
    assert f.needed[0] is True
    f = Scale()
    f.add_hook(chainer.function_hooks.TimerHook())
    x = _leaf()
    y = f(x, Variable(numpy.ones(3, numpy.float32)))
    y.grad = numpy.ones(3, numpy.float32)
    y.backward()
    assert f.needed[0] is True and not isinstance(x._grad, DeferredGrad)


def test_a_leaf_without_requires_grad_gets_nothing():
    x = Variable(numpy.zeros(3, numpy.float32), requires_grad=False)
    f, _ = _step(x)
    assert f.needed[0] is True and x.grad is None and Scale.computed == 1


def test_outside_a_backward_pass_nothing_is_deferrable():
    from chainer import _deferred_grad
    assert not _deferred_grad.allowed()

    class Failing(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, inputs, grad_outputs):
            assert self._input_grads_needed(inputs)[0] is DEFERRABLE
            raise ValueError('boom')
    y = Failing()(_leaf())
    y.grad = numpy.ones(3, numpy.float32)
    with pytest.raises(ValueError, match='boom'):
        y.backward()
    assert not _deferred_grad.allowed()  # restored after the failed pass


def test_the_loss_scale_note_is_kept():
    x = Variable(numpy.zeros(1, numpy.float32))
    y = Scale()(x, Variable(numpy.ones(1, numpy.float32)))
    with pytest.warns(DeprecationWarning):  # a 1-element output as the loss
        y.backward(loss_scale=4.0)
    assert isinstance(x._grad, DeferredGrad)
    numpy.testing.assert_array_equal(x.grad, [12])
