import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_roi_pooling_2d_is_differentiable_twice(dtype):
    rng = numpy.random.RandomState(3)
    # distinct values, so that no window has a tie for its maximum
    x = (rng.permutation(2 * 3 * 6 * 6).reshape(2, 3, 6, 6) / 20.0).astype(dtype)
    rois = numpy.array([[0, 0, 0, 3, 3], [1, 1, 1, 5, 4], [0, 2, 0, 5, 5]], dtype)
    gy = rng.uniform(-1, 1, (3, 3, 2, 2)).astype(dtype)
    ggx = rng.uniform(-1, 1, x.shape).astype(dtype)
    tol = {numpy.float16: {'atol': 5e-2, 'rtol': 5e-2},
           numpy.float32: {'atol': 1e-3, 'rtol': 1e-3}}.get(dtype, {})
    gradient_check.check_double_backward(
        lambda x: F.roi_pooling_2d(x, rois, 2, 2, 1.0), x, gy, ggx, eps=1e-3,
        dtype=numpy.float64, **tol)


def test_roi_pooling_2d_first_order_gradients_unchanged():
    rng = numpy.random.RandomState(4)
    x = (rng.permutation(1 * 2 * 5 * 5).reshape(1, 2, 5, 5) / 10.0)
    rois = numpy.array([[0, 0, 0, 3, 3], [0, 1, 1, 4, 4]], numpy.float64)
    gy = rng.uniform(-1, 1, (2, 2, 2, 2))
    gradient_check.check_backward(
        lambda x: F.roi_pooling_2d(x, rois, 2, 2, 1.0), x, gy, eps=1e-3)
