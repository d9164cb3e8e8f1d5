"""backward() of a non-scalar output whose grad is not set: a backward that crashes
on the missing gradient says what to do (set grad or reduce to a scalar), keeping
the original error type and cause; v1's leniency stays where nothing crashes."""
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F


def _x():
    return chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))


@pytest.mark.parametrize('build,error', [
    (lambda x: x * 2, TypeError),
    (lambda x: F.sum(x, axis=1), AttributeError),
    (lambda x: F.relu(x), ValueError)])
def test_crash_on_missing_grad_says_what_to_do(build, error):
    y = build(_x())
    with pytest.raises(error) as info:
        y.backward()
    message = str(info.value)
    assert 'without a gradient' in message
    assert 'shape {}'.format(y.shape) in message
    assert 'Set its grad' in message and 'F.sum' in message
    assert isinstance(info.value.__cause__, error)


def test_message_names_the_output():
    y = _x() * 2
    y.name = 'logits'
    with pytest.raises(TypeError, match="output 'logits' of shape"):
        y.backward()


def test_setting_grad_or_reducing_works():
    x = _x()
    y = x * 2
    y.grad = numpy.ones((2, 3), numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 2))
    x.cleargrad()
    F.sum(x * 2).backward()
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 2))


class _IgnoresGrad(chainer.Function):
    """A v1 Function whose backward does not read the output gradient."""

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, inputs, grad_outputs):
        assert grad_outputs[0] is None
        return numpy.full_like(inputs[0], 5),


def test_v1_function_that_copes_with_none_keeps_working():
    x = _x()
    _IgnoresGrad()(x).backward()
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 5))


def test_one_element_output_still_gets_ones():
    x = _x()
    y = F.sum(x, axis=1, keepdims=True)[:1]
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        y.backward()
    numpy.testing.assert_array_equal(x.grad, [[1, 1, 1], [0, 0, 0]])


class _Broken(chainer.Function):
    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, inputs, grad_outputs):
        raise RuntimeError('broken backward')


def test_other_errors_pass_unchanged():
    with pytest.raises(RuntimeError, match='^broken backward$'):
        _Broken()(_x()).backward()
