"""F.average_pooling_nd in 1 and 3 dimensions against a direct loop."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # ksize, stride, pad, spatial
    ((3,), (2,), (1,), (6,)),
    ((2, 2, 2), (2, 1, 2), (0, 1, 1), (3, 3, 4)),
]
FWD_TOL = {numpy.float16: 5e-3, numpy.float32: 1e-6, numpy.float64: 1e-12}


@pytest.mark.parametrize('ksize,stride,pad,spatial', CASES)
def test_forward(dtype, average_pool_reference, ksize, stride, pad, spatial):
    x = numpy.random.uniform(-1, 1, (2, 2) + spatial).astype(dtype)
    y = F.average_pooling_nd(x, ksize, stride=stride, pad=pad)
    testing.assert_allclose(y.data, average_pool_reference(x, ksize, stride, pad),
                            atol=FWD_TOL[dtype], rtol=FWD_TOL[dtype])


@pytest.mark.parametrize('ksize,stride,pad,spatial', CASES)
def test_backward(dtype, check_backward, ksize, stride, pad, spatial):
    x = numpy.random.uniform(-1, 1, (1, 2) + spatial).astype(dtype)

    def f(x):
        return F.average_pooling_nd(x, ksize, stride=stride, pad=pad)
    gy = numpy.random.uniform(-1, 1, f(x).shape).astype(dtype)
    check_backward(f, x, gy)


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.AveragePoolingND(2, 2)(numpy.zeros((1, 1, 4, 4, 4), numpy.float32))


def test_node_takes_v1_cover_all_argument():
    x = numpy.arange(8, dtype=numpy.float32).reshape(1, 1, 2, 2, 2)
    y = F.AveragePoolingND(3, 2, 2, 0, cover_all=False, use_cudnn=False)(x)
    testing.assert_allclose(y.data, F.average_pooling_nd(x, 2).data)
    with pytest.raises(ValueError, match='cover_all'):
        F.AveragePoolingND(3, 2, cover_all=True)
