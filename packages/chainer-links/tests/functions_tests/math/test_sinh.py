import numpy

import chainer.functions as F


def test_sinh(check_unary, dtype):
    check_unary(F.sinh, F.Sinh, numpy.sinh, -2, 2, dtype)
