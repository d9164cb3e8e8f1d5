import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

# batch_matmul warns a DeprecationWarning (v3+); these tests check its v1 behaviour
pytestmark = pytest.mark.filterwarnings('ignore::DeprecationWarning')


def _as_matrices(a, trans):
    m = a[:, :, None] if a.ndim == 2 else a
    return m.swapaxes(1, 2) if trans else m


@pytest.mark.parametrize('a_shape,b_shape,transa,transb', [
    ((2, 3, 4), (2, 4, 5), False, False),
    ((2, 4, 3), (2, 4, 5), True, False),
    ((2, 3, 4), (2, 5, 4), False, True),
    ((2, 4, 3), (2, 5, 4), True, True),
    ((2, 3), (2, 3), True, False),    # B inner products of N x 1 vectors
    ((2, 3), (2, 4), False, True),    # B outer products
])
def test_batch_matmul(rng, dtype, check_forward, check_backward, a_shape, b_shape,
                      transa, transb):
    a = rng.uniform(-1, 1, a_shape).astype(dtype)
    b = rng.uniform(-1, 1, b_shape).astype(dtype)
    y = F.batch_matmul(a, b, transa=transa, transb=transb)
    expected = numpy.matmul(_as_matrices(a.astype(numpy.float64), transa),
                            _as_matrices(b.astype(numpy.float64), transb))
    assert y.ndim == 3
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda a, b: F.batch_matmul(a, b, transa, transb), (a, b), gy, dtype)


@pytest.mark.parametrize('a,b', [
    (numpy.ones((2, 3, 4), numpy.float32), numpy.ones((2, 3, 4), numpy.float32)),
    (numpy.ones((2, 3, 4), numpy.float32), numpy.ones((3, 4, 2), numpy.float32)),
    (numpy.ones((2, 3, 4), numpy.float32), numpy.ones((2, 4, 2), numpy.float64)),
    (numpy.ones((3, 4), numpy.float32)[0], numpy.ones((4,), numpy.float32)),
    (numpy.ones((2, 3, 4), numpy.int32), numpy.ones((2, 4, 2), numpy.int32)),
])
def test_batch_matmul_invalid(a, b):
    with pytest.raises(type_check.InvalidType):
        F.batch_matmul(a, b)
