"""``F.absolute_error`` and ``F.squared_error`` (v1.24): the unreduced errors of every
element, each checked against a per-element loop."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _loop_reference(error, x0, x1):
    out = numpy.empty(x0.shape)
    for index in numpy.ndindex(*x0.shape):
        out[index] = error(float(x0[index]) - float(x1[index]))
    return out


@pytest.fixture(params=[(F.absolute_error, abs), (F.squared_error, lambda d: d * d)],
                ids=['absolute', 'squared'])
def pointwise_error(request):
    """``(loss function, error of one difference)`` for each of the two losses."""
    return request.param


def _pair(rng, dtype, shape=(3, 2)):
    x0 = rng.uniform(-1, 1, shape)
    # keep |x0 - x1| away from 0, where |.| has no derivative
    x1 = x0 - rng.choice([-1, 1], shape) * rng.uniform(0.2, 1, shape)
    return x0.astype(dtype), x1.astype(dtype)


@pytest.mark.parametrize('shape', [(3, 2), (4,), (2, 1, 3), ()])
def test_forward_is_unreduced(rng, dtype, fwd_tol, pointwise_error, shape):
    func, error = pointwise_error
    x0, x1 = _pair(rng, dtype, shape)
    y = func(x0, x1)
    assert y.data.dtype == dtype
    testing.assert_allclose(y.data, _loop_reference(error, x0, x1), **fwd_tol)


@pytest.mark.parametrize('shape', [(3, 2), ()])
def test_backward(rng, dtype, grad_tol, pointwise_error, check_backward, shape):
    func, _ = pointwise_error
    x0, x1 = _pair(rng, dtype, shape)
    gy = rng.uniform(-1, 1, shape).astype(dtype)
    check_backward(func, (x0, x1), gy, **grad_tol)


def test_names_and_classes():
    assert isinstance(F.absolute_error(numpy.ones(1, 'f'), numpy.ones(1, 'f')).creator,
                      F.AbsoluteError)
    assert isinstance(F.squared_error(numpy.ones(1, 'f'), numpy.ones(1, 'f')).creator,
                      F.SquaredError)


@pytest.mark.parametrize('a,b', [
    (numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 3), numpy.float32)),
    (numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 2), numpy.float64)),
    (numpy.zeros((3, 2), numpy.int32), numpy.zeros((3, 2), numpy.int32)),
])
def test_invalid_inputs(pointwise_error, a, b):
    with pytest.raises(type_check.InvalidType):
        pointwise_error[0](a, b)
