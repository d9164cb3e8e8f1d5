import numpy
import pytest

import chainer
import chainer.functions as F


@pytest.mark.parametrize('to', [numpy.float16, numpy.float32, numpy.float64, 'f'])
def test_cast_forward_backward(rng, dtype, check_backward, to):
    x = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    y = F.cast(x, to)
    assert y.data.dtype == numpy.dtype(to)
    numpy.testing.assert_array_equal(y.data, x.astype(to))
    gy = rng.uniform(-1, 1, (3, 2)).astype(to)
    # The gradient must come back in the dtype of x.
    xv = chainer.Variable(x)
    yv = F.cast(xv, to)
    yv.grad = gy
    yv.backward()
    assert xv.grad.dtype == dtype
    numpy.testing.assert_array_equal(xv.grad, gy.astype(dtype))
    tol_dtype = max(numpy.dtype(dtype), numpy.dtype(to), key=lambda d: -d.itemsize)
    check_backward(lambda x: F.cast(x, to), x, gy, tol_dtype.type)


def test_cast_int_to_float():
    x = numpy.arange(4, dtype=numpy.int32)
    y = F.cast(x, numpy.float32)
    assert y.data.dtype == numpy.float32
    numpy.testing.assert_array_equal(y.data, [0, 1, 2, 3])


def test_cast_bad_type():
    with pytest.raises(TypeError):
        F.cast(numpy.zeros(2, numpy.float32), 'not a dtype')
