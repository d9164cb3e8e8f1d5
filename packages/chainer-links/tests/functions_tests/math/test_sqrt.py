import numpy

import chainer.functions as F


def test_sqrt(check_unary, dtype):
    check_unary(F.sqrt, F.Sqrt, numpy.sqrt, 0.5, 3, dtype)


def test_sqrt_negative_is_nan():
    with numpy.errstate(invalid='ignore'):
        y = F.sqrt(numpy.array([-1.0, 4.0], numpy.float32))
    assert numpy.isnan(y.data[0]) and y.data[1] == 2


def test_sqrt_gradient_finite_at_large_values():
    import chainer
    x = chainer.Variable(numpy.array([1e30, 1e-30], numpy.float32))
    y = F.sqrt(x)
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    assert numpy.isfinite(x.grad).all()
