"""Variable methods and operators of v2+ that are made of chainer-links functions."""
import numpy

import chainer


def test_mean_is_the_weighted_average():
    x = chainer.Variable(numpy.array([[1.0, 2.0], [3.0, 5.0]]))
    assert x.mean().array == 2.75
    numpy.testing.assert_allclose(x.mean(axis=0).array, [2.0, 3.5])
    w = numpy.array([1.0, 3.0])
    numpy.testing.assert_allclose(x.mean(axis=1, weights=w).array, [1.75, 4.5])
    assert x.mean(axis=1, keepdims=True).shape == (2, 1)
    gx, = chainer.grad([x.mean()], [x])
    numpy.testing.assert_allclose(gx.array, numpy.full((2, 2), 0.25))


def test_floor_division_of_variables_and_constants():
    x = chainer.Variable(numpy.array([[1.0, 2.0], [3.0, 5.0]]))
    numpy.testing.assert_allclose((x // 2).array, [[0.0, 1.0], [1.0, 2.0]])
    numpy.testing.assert_allclose((7 // x).array, [[7.0, 3.0], [2.0, 1.0]])
    y = chainer.Variable(numpy.array([[2.0, 2.0], [2.0, 2.0]]))
    numpy.testing.assert_allclose((x // y).array, [[0.0, 1.0], [1.0, 2.0]])
