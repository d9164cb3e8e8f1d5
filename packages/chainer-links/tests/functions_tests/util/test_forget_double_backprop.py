"""F.forget: a single backward recomputes func on arrays; a double backprop (v7
raised RuntimeError there) recomputes it with a graph and is differentiable twice."""
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


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_forget_differentiable_twice(check_double_backward, dtype):
    rng = numpy.random.RandomState(0)
    x, y = (rng.uniform(-1, 1, (2, 3)).astype(dtype) for _ in range(2))

    def f(a, b):
        return F.forget(lambda a, b: (a * b * a, F.sin(a) + b), a, b)

    check_double_backward(f, (x, y))


def test_forget_double_backprop_equals_the_plain_graph():
    # forget after another function, one of its two outputs used: the gradients and
    # their gradients are those of the same computation without forget
    rng = numpy.random.RandomState(1)
    data = rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (2, 3))
    results = []
    for use_forget in (True, False):
        x, y = (chainer.Variable(d) for d in data)
        h = F.exp(x)
        if use_forget:
            z = F.forget(lambda a, b: (a * b * a, a + b), h, y)[0]
        else:
            z = h * y * h
        gx, gy = chainer.grad([F.sum(z * z)], [x, y], enable_double_backprop=True)
        ggx, ggy = chainer.grad([F.sum(gx * gy)], [x, y])
        results.append([gx.array, gy.array, ggx.array, ggy.array])
        assert x.grad is None and y.grad is None
    for with_forget, plain in zip(*results):
        numpy.testing.assert_allclose(with_forget, plain, rtol=1e-12)


def test_forget_under_chainer_grad():
    # chainer.grad runs the backward without backprop mode: the recomputation
    # still builds the graph it backpropagates
    x = chainer.Variable(numpy.array([1., 2.]))
    gx, = chainer.grad([F.sum(F.forget(lambda v: v * v * v, x))], [x])
    numpy.testing.assert_array_equal(gx.array, 3 * x.array ** 2)


def test_forget_double_backprop_recomputes_in_recomputing_mode():
    seen = []

    def func(v):
        seen.append(chainer.config.in_recomputing)
        return v * v

    x = chainer.Variable(numpy.array([1., 2.]))
    gx, = chainer.grad([F.sum(F.forget(func, x))], [x], enable_double_backprop=True)
    assert seen == [False, True]
    ggx, = chainer.grad([F.sum(gx)], [x])
    numpy.testing.assert_array_equal(ggx.array, [2., 2.])


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
