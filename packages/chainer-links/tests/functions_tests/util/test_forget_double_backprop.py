"""F.forget refuses a double backprop with RuntimeError (v7); a single backward works."""
import numpy
import pytest

import chainer
import chainer.functions as F


def test_forget_single_backward():
    x = chainer.Variable(numpy.array([1., 2.]))
    y = F.forget(lambda v: v * v, x)
    y.grad = numpy.ones(2)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [2., 4.])


def test_forget_double_backprop_is_runtime_error():
    x = chainer.Variable(numpy.array([1., 2.]))
    y = F.forget(lambda v: v * v, x)
    y.grad_var = chainer.Variable(numpy.ones(2))
    with pytest.raises(RuntimeError, match='forget'):
        y.backward(enable_double_backprop=True)


def test_forget_recomputes_with_in_recomputing_set():
    seen = []

    def func(v):
        seen.append(chainer.config.in_recomputing)
        return v * 3

    x = chainer.Variable(numpy.array([1., 2.]))
    y = F.forget(func, x)
    y.grad = numpy.ones(2)
    y.backward()
    assert seen == [False, True]
    assert chainer.config.in_recomputing is False
    numpy.testing.assert_array_equal(x.grad, [3., 3.])
