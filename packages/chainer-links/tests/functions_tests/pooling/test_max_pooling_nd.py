"""F.max_pooling_nd in 1 and 3 dimensions against a direct loop."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # ksize, stride, pad, cover_all, spatial
    ((3,), (2,), (1,), True, (6,)),
    ((2, 2, 2), (2, 1, 2), (0, 1, 0), True, (3, 3, 4)),
    ((2, 1, 2), (1, 1, 1), (0, 0, 1), False, (3, 2, 3)),
]


@pytest.mark.parametrize('ksize,stride,pad,cover_all,spatial', CASES)
def test_forward(dtype, distinct, max_pool_reference, ksize, stride, pad, cover_all,
                 spatial):
    x = distinct((2, 2) + spatial, dtype)
    y = F.max_pooling_nd(x, ksize, stride=stride, pad=pad, cover_all=cover_all)
    testing.assert_allclose(y.data, max_pool_reference(x, ksize, stride, pad, cover_all),
                            atol=0, rtol=0)


@pytest.mark.parametrize('ksize,stride,pad,cover_all,spatial', CASES)
def test_backward(dtype, distinct, check_backward, ksize, stride, pad, cover_all, spatial):
    x = distinct((1, 2) + spatial, dtype)

    def f(x):
        return F.max_pooling_nd(x, ksize, stride=stride, pad=pad, cover_all=cover_all)
    gy = numpy.random.uniform(-1, 1, f(x).shape).astype(dtype)
    check_backward(f, x, gy)


def test_stride_defaults_to_ksize():
    y = F.max_pooling_nd(numpy.zeros((1, 1, 4, 4, 4), numpy.float32), 2)
    assert y.shape == (1, 1, 2, 2, 2)


def test_invalid_type():
    func = F.MaxPoolingND(3, 2)
    with pytest.raises(type_check.InvalidType):
        func(numpy.zeros((1, 1, 4, 4), numpy.float32))
