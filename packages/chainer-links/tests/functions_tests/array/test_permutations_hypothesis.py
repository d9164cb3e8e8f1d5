"""Random shapes and arguments for the axis-permuting and tiling array functions."""
import numpy
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import chainer
import chainer.functions as F


def _shapes():
    return hnp.array_shapes(min_dims=1, max_dims=4, min_side=1, max_side=3)


def _gradient_through(func, x):
    """Backpropagates a distinct gradient through ``func`` and returns ``x.grad``."""
    xv = chainer.Variable(x)
    y = func(xv)
    y.grad = numpy.arange(y.data.size, dtype=x.dtype).reshape(y.shape)
    y.backward()
    return y, xv.grad


@settings(max_examples=40, deadline=None)
@given(_shapes(), st.data())
def test_transpose_and_rollaxis_match_numpy(shape, data):
    x = numpy.arange(numpy.prod(shape), dtype=numpy.float64).reshape(shape)
    ndim = len(shape)
    axes = tuple(data.draw(st.permutations(range(ndim))))
    y, gx = _gradient_through(lambda v: F.transpose(v, axes), x)
    numpy.testing.assert_array_equal(y.data, x.transpose(axes))
    # Transposing back the gradient recovers it: the map is a bijection.
    numpy.testing.assert_array_equal(gx, numpy.transpose(y.grad, numpy.argsort(axes)))
    axis = data.draw(st.integers(-ndim, ndim - 1))
    start = data.draw(st.integers(-ndim, ndim))
    y, gx = _gradient_through(lambda v: F.rollaxis(v, axis, start), x)
    numpy.testing.assert_array_equal(y.data, numpy.rollaxis(x, axis, start))
    numpy.testing.assert_array_equal(gx.ravel()[numpy.rollaxis(
        numpy.arange(x.size).reshape(shape), axis, start).ravel()], y.grad.ravel())


@settings(max_examples=40, deadline=None)
@given(_shapes(), st.lists(st.integers(0, 3), min_size=1, max_size=4))
def test_tile_matches_numpy_and_sums_gradient(shape, reps):
    x = numpy.arange(numpy.prod(shape), dtype=numpy.float64).reshape(shape)
    reps = tuple(reps)
    y, gx = _gradient_through(lambda v: F.tile(v, reps), x)
    numpy.testing.assert_array_equal(y.data, numpy.tile(x, reps))
    # Each input element receives the sum of the gradients of its copies.
    idx = numpy.tile(numpy.arange(x.size).reshape(shape), reps).ravel()
    expected = numpy.bincount(idx, weights=y.grad.ravel(), minlength=x.size)
    numpy.testing.assert_array_equal(gx.ravel(), expected)
