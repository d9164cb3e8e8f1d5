import numpy

import chainer.functions as F


def test_square(check_unary, dtype):
    check_unary(F.square, F.Square, numpy.square, -2, 2, dtype)
