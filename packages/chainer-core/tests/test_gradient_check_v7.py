"""Tests of the v7 parts of chainer.gradient_check: the directional check,
non-differentiable point detection and check_double_backward."""
import numpy
import pytest

import chainer
from chainer import gradient_check


class _Twice(chainer.FunctionNode):
    """y = 2x (or a wrong 3x in backward)."""

    def __init__(self, wrong=False):
        self.wrong = wrong

    def forward(self, inputs):
        return 2 * inputs[0],

    def backward(self, indexes, grad_outputs):
        return (3 if self.wrong else 2) * grad_outputs[0],


class _SquareV1(chainer.Function):
    def forward(self, xs):
        return xs[0] * xs[0],

    def backward(self, xs, gys):
        return 2 * xs[0] * gys[0],


def _rand(*shape):
    return numpy.random.RandomState(len(shape) + sum(shape)).uniform(
        0.5, 1.5, shape)


def test_numerical_grad_fourth_order_with_detection():
    x = numpy.array([0.3, 0.7])
    gy = numpy.array([1.0, -2.0])
    gx, = gradient_check.numerical_grad(lambda: (x ** 3,), (x,), (gy,), eps=1e-2,
                                        detect_nondifferentiable=True)
    # the 5-point formula is exact for a cubic
    numpy.testing.assert_allclose(gx, 3 * numpy.array([0.3, 0.7]) ** 2 * gy,
                                  rtol=1e-10)


@pytest.mark.parametrize('f, x, kink', [
    (numpy.abs, 0.0, True), (numpy.abs, 0.5, False),
    (lambda v: numpy.floor(v), 2.0 + 1e-4, True),
    (lambda v: v * v, 0.0, False), (numpy.exp, 1.0, False),
    (numpy.log, 0.0, True),  # finite on one side only
    (numpy.log, -1.0, False),  # NaN all around: not a kink
])
def test_numerical_grad_detects_non_differentiable_points(f, x, kink):
    xs = numpy.array([x])
    gy = numpy.ones(1)
    with numpy.errstate(all='ignore'):
        if kink:
            with pytest.raises(gradient_check.NondifferentiableError):
                gradient_check.numerical_grad(lambda: (f(xs),), (xs,), (gy,),
                                              detect_nondifferentiable=True)
        else:
            gradient_check.numerical_grad(lambda: (f(xs),), (xs,), (gy,),
                                          detect_nondifferentiable=True)


def test_numerical_grad_rejects_integer_inputs():
    x = numpy.arange(3)
    with pytest.raises(RuntimeError, match='float'):
        gradient_check.numerical_grad(lambda: (x,), (x,), (numpy.ones(3),))


def test_sample_unit_vector_is_unit_and_bounded_away_from_zero():
    numpy.random.seed(0)
    for size in (0, 1, 7, 100):
        v = gradient_check._CheckBackward._sample_unit_vector(size, numpy)
        assert v.shape == (size,)
        if size:
            numpy.testing.assert_allclose((v * v).sum(), 1.0)
            assert numpy.abs(v).min() >= 0.1 / numpy.sqrt(size) - 1e-12


def test_check_backward_function_node_and_wrong_gradient():
    x = _rand(2, 3)
    gy = _rand(2, 3)
    gradient_check.check_backward(lambda v: _Twice().apply((v,)), x, gy)
    with pytest.raises(AssertionError, match='gradient of input 0'):
        gradient_check.check_backward(lambda v: _Twice(wrong=True).apply((v,)), x, gy)


def test_check_backward_output_grad_shape_and_dtype_must_match():
    x = _rand(3)
    with pytest.raises(ValueError, match='gradient is'):
        gradient_check.check_backward(_SquareV1(), x, _rand(2))
    with pytest.raises(ValueError, match='gradient is'):
        gradient_check.check_backward(_SquareV1(), x, _rand(3).astype(numpy.float32))


def test_check_backward_no_grads_input_that_gets_a_gradient():
    x1, x2 = _rand(2), _rand(2)
    with pytest.raises(RuntimeError, match='no_grads'):
        gradient_check.check_backward(lambda a, b: a * b, (x1, x2), _rand(2),
                                      no_grads=[True, False])


def test_check_backward_detect_nondifferentiable():
    x = numpy.array([0.0, 1.0])
    with pytest.raises(gradient_check.NondifferentiableError):
        gradient_check.check_backward(abs, x, numpy.ones(2),
                                      detect_nondifferentiable=True)
    gradient_check.check_backward(abs, numpy.array([0.5, -1.0]), numpy.ones(2),
                                  detect_nondifferentiable=True)


def test_check_backward_none_output_gradient_is_skipped():
    def two(a):
        return a * 2.0, a * a
    x = _rand(3)
    gradient_check.check_backward(two, x, (None, _rand(3)))
    gradient_check.check_backward(two, x, (_rand(3), None))


def test_check_backward_calls_func_a_constant_number_of_times():
    calls = []

    def f(v):
        calls.append(1)
        return v * v
    gradient_check.check_backward(f, _rand(10, 10), _rand(10, 10))
    assert len(calls) == 3  # one forward for backward, two for the difference


_OPERATORS = {
    'cube': (lambda x, y: x ** 3, True),
    'mul': (lambda x, y: x * y, False),
    'div': (lambda x, y: x / y, False),
    'pow': (lambda x, y: x ** y, False),
    'abs': (lambda x, y: abs(x) * y, False),
    'getitem': (lambda x, y: (x[1:, ::2] * y[:1, :2]), False),
}


@pytest.mark.parametrize('name', sorted(_OPERATORS))
def test_check_double_backward_of_core_operators(name):
    f, unary = _OPERATORS[name]
    x, y = _rand(2, 3), _rand(2, 3) + 0.25
    if unary:
        ys = f(chainer.Variable(x), None)
        gradient_check.check_double_backward(lambda a: f(a, None), x,
                                             _rand(*ys.shape), _rand(2, 3))
    else:
        ys = f(chainer.Variable(x), chainer.Variable(y))
        gradient_check.check_double_backward(
            f, (x, y), _rand(*ys.shape), (_rand(2, 3), _rand(2, 3)), dtype=numpy.float64)


def test_check_double_backward_float32_with_dtype_and_params():
    x = _rand(2, 3).astype(numpy.float32)
    w = chainer.Variable(_rand(2, 3).astype(numpy.float32))
    gradient_check.check_double_backward(
        lambda a: a * a * w, x, _rand(2, 3).astype(numpy.float32),
        _rand(2, 3).astype(numpy.float32), params=w,
        params_grad_grad=_rand(2, 3).astype(numpy.float32), dtype=numpy.float64,
        atol=1e-3, rtol=1e-3)
    assert w.data.dtype == numpy.float32


def test_check_double_backward_detects_a_wrong_second_derivative():
    class WrongSquare(chainer.FunctionNode):
        def forward(self, inputs):
            self.retain_inputs((0,))
            return inputs[0] * inputs[0],

        def backward(self, indexes, gys):
            x, = self.get_retained_inputs()
            return 2 * x * x * gys[0] / x.data.mean(),  # right value only at one x

    x = numpy.array([1.0, 2.0])
    with pytest.raises(AssertionError, match='check_double_backward failed'):
        gradient_check.check_double_backward(
            lambda v: WrongSquare().apply((v,))[0], x, numpy.ones(2), numpy.ones(2))


def test_check_double_backward_names_a_v1_function():
    x = _rand(3)
    with pytest.raises(RuntimeError, match='_SquareV1'):
        gradient_check.check_double_backward(_SquareV1(), x, _rand(3), _rand(3))


def test_check_double_backward_takes_a_none_second_gradient_as_zero():
    # d(3 gy)/dx is None (no path from x): zero, which the numerical one agrees with
    gradient_check.check_double_backward(lambda v: v * 3.0, _rand(2, 3), _rand(2, 3),
                                         _rand(2, 3))
    # and so does check_backward (v3+): b does not matter, its zeros are right
    gradient_check.check_backward(lambda a, b: a * 3.0, (_rand(2), _rand(2)), _rand(2))
