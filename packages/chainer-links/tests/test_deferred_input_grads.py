"""The data's gradient of linear and the convolutions, when the data is a leaf
Variable: deferred to its first read (chainer._deferred_grad), bit for bit what the
backward computes at once, and unaffected by what changes after the backward (the
optimizer's in-place update of the weights, another gradient sharing the array)."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer.function import DeferredGrad


def _data(shape, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


CASES = [
    ('linear', lambda: L.Linear(12, 5), (8, 12)),
    ('linear_nd_input', lambda: L.Linear(12, 5), (9, 3, 4)),
    ('conv2d_1ch', lambda: L.Convolution2D(1, 6, 3), (4, 1, 9, 9)),
    ('conv2d_strided_padded', lambda: L.Convolution2D(3, 5, 3, stride=2, pad=1),
     (2, 3, 8, 7)),
    ('conv_nd', lambda: L.ConvolutionND(3, 2, 3, 2), (2, 2, 4, 5, 3)),
    ('dilated', lambda: L.DilatedConvolution2D(2, 4, 3, dilate=2), (2, 2, 9, 9)),
]


def _grads(make, shape, defer):
    numpy.random.seed(1)
    link = make()
    x = chainer.Variable(_data(shape))
    y = F.sum(link(x) ** 2)
    # retain_grad turns deferral off: the eager reference
    y.backward(retain_grad=not defer)
    return x, link


@pytest.mark.parametrize('name,make,shape', CASES)
def test_the_deferred_gradient_is_the_eager_one_bit_for_bit(name, make, shape):
    x, _ = _grads(make, shape, True)
    assert isinstance(x._grad, DeferredGrad)
    eager, _ = _grads(make, shape, False)
    assert not isinstance(eager._grad, DeferredGrad)
    assert x.grad.dtype == eager.grad.dtype and x.grad.shape == shape
    assert (x.grad == eager.grad).all()


@pytest.mark.parametrize('name,make,shape', CASES[:3])
def test_an_optimizer_update_after_backward_does_not_change_it(name, make, shape):
    eager, _ = _grads(make, shape, False)
    x, link = _grads(make, shape, True)
    for _ in range(2):  # an SGD step: the weights change in place, as optimizers do
        for param in link.params():
            param.array -= 0.5 * param.grad
    assert (x.grad == eager.grad).all()


def test_another_gradient_sharing_the_array_may_change_in_place():
    x = chainer.Variable(_data((4, 6)))
    p = chainer.Parameter(numpy.zeros((4, 3), numpy.float32))
    link = L.Linear(6, 3)
    z = link(x) + p  # add passes its output gradient to both inputs as it is
    z.grad = _data((4, 3), 2)
    z.backward()
    expected = z.grad.dot(link.W.array)
    p.grad *= 0  # e.g. a gradient-clipping hook working in place
    numpy.testing.assert_allclose(x.grad, expected, rtol=1e-6)


def test_the_array_passed_directly_still_gets_nothing():
    link = L.Convolution2D(1, 2, 3)
    x = _data((1, 1, 5, 5))
    y = F.sum(link(x))
    y.backward()
    assert link.W.grad is not None  # the filter's, at once


def test_a_training_step_with_a_variable_input_matches_the_array_input():
    def step(wrap):
        numpy.random.seed(3)
        model = L.Classifier(chainer.Sequential(
            L.Convolution2D(1, 4, 3), F.relu, L.Linear(None, 3)))
        x, t = _data((5, 1, 6, 6)), numpy.arange(5, dtype=numpy.int32) % 3
        model(x, t)  # initializes the lazy Linear
        for _ in range(3):
            model.cleargrads()
            model(chainer.Variable(x) if wrap else x, t).backward()
            for param in model.params():  # SGD in place (chainer-links has no optimizers)
                param.array -= 0.1 * param.grad
        return [p.array.copy() for p in model.params()]
    for a, b in zip(step(True), step(False)):
        assert (a == b).all()


@pytest.mark.parametrize('name,make,shape', CASES)
def test_a_leaf_that_holds_a_gradient_gets_the_sum_at_once(name, make, shape):
    # deferring would only copy the operands: the engine adds it in at once anyway
    numpy.random.seed(1)
    link = make()
    x = chainer.Variable(_data(shape))
    held = _data(shape, seed=5)
    x.grad = held.copy()
    F.sum(link(x) ** 2).backward()
    assert x._grad.__class__ is numpy.ndarray
    eager, _ = _grads(make, shape, defer=False)
    numpy.testing.assert_array_equal(x.grad, held + eager.grad)


def test_a_linear_data_gradient_of_few_rows_is_computed_at_once():
    # below _DEFER_MIN_ROWS rows copying W and gy costs more than the product
    from chainer.functions.connection import linear
    link = L.Linear(12, 5)
    for rows, deferred in ((linear._DEFER_MIN_ROWS - 1, False),
                           (linear._DEFER_MIN_ROWS, True)):
        x = chainer.Variable(_data((rows, 12)))
        F.sum(link(x) ** 2).backward()
        assert (x._grad.__class__ is DeferredGrad) is deferred
        eager = chainer.Variable(x.data.copy())
        F.sum(link(eager) ** 2).backward(retain_grad=True)
        numpy.testing.assert_array_equal(x.grad, eager.grad)
