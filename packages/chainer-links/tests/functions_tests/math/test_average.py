import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('axis', [None, 1, -1, (0, 2)])
@pytest.mark.parametrize('keepdims', [False, True])
def test_average_unweighted(rng, dtype, check_forward, check_backward, axis, keepdims):
    x = rng.uniform(-1, 1, (3, 2, 4)).astype(dtype)
    y = F.average(x, axis=axis, keepdims=keepdims)
    expected = numpy.mean(x.astype(numpy.float64), axis=axis, keepdims=keepdims)
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.average(x, axis=axis, keepdims=keepdims), x, gy, dtype)


@pytest.mark.parametrize('axis,w_shape', [(None, (3, 2, 4)), (1, (2,)), (-1, (4,)),
                                          (0, (3,))])
@pytest.mark.parametrize('keepdims', [False, True])
def test_average_weighted(rng, dtype, check_forward, check_backward, axis, w_shape,
                          keepdims):
    x = rng.uniform(-1, 1, (3, 2, 4)).astype(dtype)
    w = rng.uniform(0.5, 1.5, w_shape).astype(dtype)
    y = F.average(x, axis=axis, weights=w, keepdims=keepdims)
    expected = numpy.average(x.astype(numpy.float64), axis=axis,
                             weights=w.astype(numpy.float64))
    if keepdims:
        expected = numpy.reshape(expected, numpy.mean(x, axis=axis, keepdims=True).shape)
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, numpy.shape(expected)).astype(dtype)
    check_backward(lambda x, w: F.average(x, axis=axis, weights=w, keepdims=keepdims),
               (x, w), gy, dtype)


@pytest.mark.parametrize('axis,w_shape,w_dtype', [
    (None, (3, 2), numpy.float32),   # weights must match x when axis is None
    (1, (3,), numpy.float32),        # wrong length along axis
    (1, (2, 1), numpy.float32),      # weights must be 1-d for an int axis
    ((0, 1), (3,), numpy.float32),   # several axes with weights
    (1, (2,), numpy.float64),        # dtype mismatch
])
def test_average_invalid_weights(axis, w_shape, w_dtype):
    with pytest.raises(type_check.InvalidType):
        F.average(numpy.ones((3, 2, 4), numpy.float32), axis=axis,
                  weights=numpy.ones(w_shape, w_dtype))


@pytest.mark.parametrize('x,axis', [
    (numpy.ones((3, 2), numpy.int32), None), (numpy.ones((3, 2), numpy.float32), 2)])
def test_average_invalid(x, axis):
    with pytest.raises(type_check.InvalidType):
        F.average(x, axis=axis)
