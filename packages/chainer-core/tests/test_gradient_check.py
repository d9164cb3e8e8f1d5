"""Tests of chainer.gradient_check."""
import numpy
import pytest

import chainer
from chainer import gradient_check


def test_numerical_grad_of_square():
    x = numpy.array([1.0, -2.0, 3.0])
    gy = numpy.array([1.0, 0.5, 2.0])
    before = x.copy()
    gx, = gradient_check.numerical_grad(lambda: (x * x,), (x,), (gy,))
    numpy.testing.assert_allclose(gx, 2 * before * gy, rtol=1e-6)
    numpy.testing.assert_array_equal(x, before)  # inputs restored


def test_numerical_grad_several_inputs_outputs_and_none_grad():
    a = numpy.array([[1.0, 2.0]], dtype=numpy.float32)
    b = numpy.array([[3.0, -1.0]], dtype=numpy.float32)
    ga, gb = gradient_check.numerical_grad(
        lambda: (a * b, a + b), (a, b), (numpy.ones_like(a), None), eps=1e-2)
    assert ga.dtype == numpy.float32
    numpy.testing.assert_allclose(ga, b, rtol=1e-3)
    numpy.testing.assert_allclose(gb, a, rtol=1e-3)


def test_numerical_grad_rejects_bad_eps():
    x = numpy.ones(1)
    with pytest.raises(ValueError, match='eps'):
        gradient_check.numerical_grad(lambda: (x,), (x,), (x,), eps=0)


def test_numerical_grad_bad_eps_is_an_assertion_error_as_in_v1():
    x = numpy.ones(1)
    for eps in (0, -1.0):
        with pytest.raises(AssertionError, match='eps'):
            gradient_check.numerical_grad(lambda: (x,), (x,), (x,), eps=eps)


def test_numerical_grad_takes_an_integer_eps_as_in_v1():
    x = numpy.array([0.25, -0.5], dtype=numpy.float32)
    gx, = gradient_check.numerical_grad(lambda: (3 * x,), (x,), (numpy.ones(2, 'f'),),
                                        eps=1)
    numpy.testing.assert_allclose(gx, [3, 3])


def test_numerical_grad_of_python_number_outputs_and_grads_as_in_v1():
    # v1 lets f return plain numbers (a constant) and grad_outputs hold scalars
    x = numpy.array([[0.5], [1.5]], dtype=numpy.float32)
    gx, = gradient_check.numerical_grad(lambda: (1,), (x,), (numpy.ones_like(x),))
    numpy.testing.assert_array_equal(gx, numpy.zeros_like(x))
    gx, = gradient_check.numerical_grad(lambda: (x,), (x,), (1,))
    numpy.testing.assert_allclose(gx, numpy.ones_like(x), rtol=1e-3)
    y = numpy.array(0.0, dtype=numpy.float32)
    gy, = gradient_check.numerical_grad(lambda: (0,) if abs(y) > 2 else (2 * y,),
                                        (y,), (numpy.float32(1),), eps=1.5)
    assert gy == 2


def test_assert_allclose_broadcasts_a_scalar_as_in_v1():
    gradient_check.assert_allclose(numpy.ones((2, 3)), 1)
    gradient_check.assert_allclose(numpy.ones((2, 3)), numpy.ones(3))
    with pytest.raises(AssertionError):
        gradient_check.assert_allclose(numpy.ones((2, 3)), 2)


def test_assert_allclose():
    gradient_check.assert_allclose(numpy.array([1.0, 2.0]), numpy.array([1.0, 2.0 + 1e-7]))
    with pytest.raises(AssertionError, match='worst element at \\(1,\\)'):
        gradient_check.assert_allclose(numpy.array([1.0, 2.0]), numpy.array([1.0, 2.5]))
    with pytest.raises(AssertionError, match='shapes differ'):
        gradient_check.assert_allclose(numpy.zeros(2), numpy.zeros(3))
    from chainer import testing
    assert testing.assert_allclose is gradient_check.assert_allclose


class Square(chainer.Function):
    def __init__(self, wrong=False):
        self.wrong = wrong

    def forward(self, xs):
        return xs[0] * xs[0],

    def backward(self, xs, gys):
        factor = 3 if self.wrong else 2
        return (factor * xs[0] * gys[0]).astype(xs[0].dtype),


def test_check_backward_accepts_a_correct_backward():
    x = numpy.array([0.5, -1.0], dtype=numpy.float64)
    gradient_check.check_backward(Square(), x, numpy.array([1.0, 2.0]))


def test_check_backward_detects_a_wrong_backward():
    x = numpy.array([0.5, -1.0])
    with pytest.raises(AssertionError, match='gradient of input 0'):
        gradient_check.check_backward(Square(wrong=True), x, numpy.ones(2))


def test_check_backward_scalar_output_needs_no_grad():
    x = numpy.array([1.5])
    gradient_check.check_backward(Square(), x, None)
    with pytest.raises(ValueError, match='y_grad'):
        gradient_check.check_backward(Square(), numpy.ones(2), None)


def test_check_backward_params_and_float16_with_dtype():
    w = chainer.Variable(numpy.array([2.0, -1.0], dtype=numpy.float16))

    def scaled(x):
        return x * w

    x = numpy.array([0.5, 1.5], dtype=numpy.float16)
    gradient_check.check_backward(scaled, x, numpy.ones(2, numpy.float16), params=w,
                                  dtype=numpy.float64, atol=5e-2, rtol=5e-2)
    assert w.data.dtype == numpy.float16  # params restored

    wrong = chainer.Variable(numpy.array([2.0, -1.0]))

    class ForgetsParam(chainer.Function):
        def forward(self, xs):
            return xs[0] * wrong.data,

        def backward(self, xs, gys):
            return gys[0] * wrong.data,

    with pytest.raises(AssertionError, match='param 0'):
        gradient_check.check_backward(ForgetsParam(), numpy.ones(2), numpy.ones(2),
                                      params=wrong)


def test_check_backward_no_grads():
    class Take(chainer.Function):
        def forward(self, xs):
            return xs[0][xs[1].astype(numpy.intp)],

        def backward(self, xs, gys):
            gx = numpy.zeros_like(xs[0])
            numpy.add.at(gx, xs[1].astype(numpy.intp), gys[0])
            return gx, None

    x = numpy.array([1.0, 2.0, 3.0])
    idx = numpy.array([2, 0])
    gradient_check.check_backward(Take(), (x, idx), numpy.ones(2))  # int: no grad
    # a float index gets no gradient: counted as zeros (v3+), which the numerical
    # gradient of an index is
    # (half-way between integers, where a small step does not change the index)
    gradient_check.check_backward(Take(), (x, idx.astype(numpy.float64) + 0.5),
                                  numpy.ones(2), no_grads=[False, False])
    with pytest.raises(ValueError, match='no_grads'):
        gradient_check.check_backward(Take(), (x, idx), numpy.ones(2), no_grads=[True])


def test_check_backward_output_count_mismatch():
    with pytest.raises(ValueError, match='gradients were given'):
        gradient_check.check_backward(Square(), numpy.ones(2),
                                      (numpy.ones(2), numpy.ones(2)))


def test_check_backward_dtype_must_be_a_float_type():
    """v1 documents "Only float types and None are allowed" for ``dtype``."""
    with pytest.raises(ValueError, match='float type'):
        gradient_check.check_backward(Square(), numpy.ones(2), numpy.ones(2),
                                      dtype=numpy.int32)
    gradient_check.check_backward(Square(), numpy.ones(2, numpy.float32),
                                  numpy.ones(2, numpy.float32), dtype=numpy.float64)


def test_check_backward_counts_a_missing_gradient_as_zeros_as_in_v3():
    # v1 failed comparing None with an array; v3+ compares zeros with the numerical
    # gradient: right for an input the output does not depend on, wrong otherwise
    class FirstOnly(chainer.Function):
        def forward(self, xs):
            return xs[0].copy(),

        def backward(self, xs, gys):
            return gys[0], None

    class Forgets(chainer.Function):
        def forward(self, xs):
            return xs[0] + xs[1],

        def backward(self, xs, gys):
            return gys[0], None

    x1, x2 = numpy.ones(1, 'f'), numpy.ones(1, 'f')
    gradient_check.check_backward(FirstOnly(), (x1, x2), numpy.ones(1, 'f'),
                                  no_grads=[False, False])
    gradient_check.check_backward(FirstOnly(), (x1, x2), numpy.ones(1, 'f'),
                                  no_grads=[False, True])
    with pytest.raises(AssertionError):
        gradient_check.check_backward(Forgets(), (x1, x2), numpy.ones(1, 'f'),
                                      no_grads=[False, False])
