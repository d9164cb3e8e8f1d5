"""Tests of chainer.backward (backprop from several outputs at once)."""
import warnings

import numpy
import pytest

import chainer


class _Double(chainer.FunctionNode):
    calls = 0

    def forward(self, inputs):
        return 2 * inputs[0],

    def backward(self, indexes, grad_outputs):
        _Double.calls += 1
        return 2 * grad_outputs[0],


def test_two_outputs_share_one_backward_call():
    x = chainer.Variable(numpy.array([1.0, 2.0], numpy.float32))
    _Double.calls = 0
    h, = _Double().apply((x,))
    y0, y1 = h * 3, h * 4
    y0.grad = numpy.array([1, 10], numpy.float32)
    y1.grad = numpy.array([100, 1000], numpy.float32)
    chainer.backward([y0, y1])
    numpy.testing.assert_allclose(x.grad, [2 * (3 + 400), 2 * (30 + 4000)])
    assert _Double.calls == 1
    assert y0.grad is None and y1.grad is None
    assert x.grad.dtype == numpy.float32


def test_given_grad_outputs_and_arrays():
    x = chainer.Variable(numpy.array([1.0, 2.0]))
    y0, y1 = x * 3, x * x
    chainer.backward((y0, y1), [chainer.Variable(numpy.ones(2)), numpy.full(2, 2.0)])
    numpy.testing.assert_allclose(x.grad, 3 + 2 * 2 * numpy.array([1.0, 2.0]))


def test_none_grad_output_skips_that_output_and_leaf_output_gets_its_grad():
    x = chainer.Variable(numpy.array([1.0, 2.0]))
    w = chainer.Variable(numpy.array([5.0, 6.0]))
    chainer.backward([x * 3, w * 2, w], [numpy.ones(2), None, numpy.ones(2)])
    numpy.testing.assert_allclose(x.grad, [3, 3])
    numpy.testing.assert_allclose(w.grad, [1, 1])


def test_accumulates_into_existing_leaf_grads_and_warns_without_grad():
    x = chainer.Variable(numpy.array(4.0, numpy.float32))
    x.grad = numpy.array(3.0, numpy.float32)
    y = x * 2
    with pytest.warns(RuntimeWarning, match='no grad'):
        chainer.backward([y])
    assert float(x.grad) == 3.0
    z = x * 2
    chainer.backward([z], [numpy.array(1.0, numpy.float32)])
    assert float(x.grad) == 5.0


def test_empty_and_argument_errors():
    chainer.backward([])
    chainer.backward([], [])
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = x * x
    gy = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    with pytest.raises(TypeError):
        chainer.backward(y)
    with pytest.raises(TypeError):
        chainer.backward([y], gy)
    with pytest.raises(TypeError):
        chainer.backward([x.data])
    for outs, grads in (([y], []), ([y], [gy, gy]), ([], [gy])):
        with pytest.raises(ValueError):
            chainer.backward(outs, grads)
    with pytest.raises(ValueError):
        chainer.backward([y], [gy], loss_scale=2)
    with pytest.raises(TypeError):
        chainer.backward([y], [gy], bogus=1)
    with pytest.raises(ValueError):  # wrong gradient shape
        chainer.backward([y], [numpy.ones(3, numpy.float32)])


def test_enable_double_backprop_gives_differentiable_grads():
    x = chainer.Variable(numpy.array([1.0, 2.0]))
    y = x ** 3
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        chainer.backward([y], [numpy.ones(2)], enable_double_backprop=True)
    gx = x.grad_var
    assert gx.creator is not None
    x.cleargrad()
    gx.grad = numpy.ones(2)
    gx.backward()
    numpy.testing.assert_allclose(x.grad, 6 * numpy.array([1.0, 2.0]))
