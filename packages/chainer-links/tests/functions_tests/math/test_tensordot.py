import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check

CASES = [
    ((4, 3, 2), (3, 2, 5), 2),
    ((2, 4, 3), (5, 3, 2), ([2, 0], [1, 2])),
    ((3, 2), (4, 2), (1, 1)),
    ((2, 3), (4,), 0),
    ((), (2, 3), 0),
    ((2, 3, 5, 4), (6, 2, 4, 3), ([3, 1, 0], [2, 3, 1])),
]


def _inputs(rng, a_shape, b_shape, a_dtype=numpy.float64, b_dtype=numpy.float64):
    return (numpy.asarray(rng.uniform(.5, 1, a_shape), a_dtype),
            numpy.asarray(rng.uniform(.5, 1, b_shape), b_dtype))


@pytest.mark.parametrize('a_shape,b_shape,axes', CASES)
def test_forward_backward_and_double_backward(rng, a_shape, b_shape, axes):
    a, b = _inputs(rng, a_shape, b_shape)
    y = F.tensordot(a, b, axes)
    numpy.testing.assert_allclose(y.data, numpy.tensordot(a, b, axes))
    gy = numpy.asarray(rng.uniform(-1, 1, y.shape))
    ggs = (numpy.asarray(rng.uniform(-1, 1, a_shape)),
           numpy.asarray(rng.uniform(-1, 1, b_shape)))
    func = lambda a, b: F.tensordot(a, b, axes)  # noqa: E731
    gradient_check.check_backward(func, (a, b), gy)
    gradient_check.check_double_backward(func, (a, b), gy, ggs)


def test_mixed_dtypes_promote_and_gradients_keep_each_dtype(rng):
    a, b = _inputs(rng, (3, 2), (2, 4), numpy.float16, numpy.float32)
    y = F.tensordot(a, b, 1)
    assert y.dtype == numpy.float32
    y.grad = numpy.ones_like(y.data)
    import chainer
    av, bv = chainer.Variable(a), chainer.Variable(b)
    y = F.tensordot(av, bv, 1)
    y.grad = numpy.ones_like(y.data)
    y.backward()
    assert av.grad.dtype == numpy.float16 and bv.grad.dtype == numpy.float32


@pytest.mark.parametrize('axes,error', [
    (2, ValueError),                      # shapes (3, 2) vs (2, 3) do not match
    (((0,), (0,)), ValueError),
    (((1, 2), (0,)), ValueError),         # count mismatch
    (((0, 1, 2, 3), (0, 1, 2, 3)), ValueError),
    ((), ValueError),
    (((), (), ()), ValueError),
    (1.0, TypeError),
])
def test_bad_axes(axes, error):
    a = numpy.zeros((4, 3, 2), numpy.float32)
    b = numpy.zeros((2, 3, 5), numpy.float32)
    with pytest.raises(error):
        F.tensordot(a, b, axes)
