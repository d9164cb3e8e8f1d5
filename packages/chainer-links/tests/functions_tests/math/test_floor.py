import numpy

import chainer
import chainer.functions as F


def test_floor(check_unary, dtype):
    check_unary(F.floor, F.Floor, numpy.floor, -3, 3, dtype, piecewise_constant=True)


def test_floor_backward_gives_a_zero_gradient_as_in_v1():
    x = chainer.Variable(numpy.array([0.5, -1.5], numpy.float32))
    y = F.floor(x)
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, numpy.zeros(2, numpy.float32))
