import numpy

import chainer.functions as F


def test_tan(check_unary, dtype):
    check_unary(F.tan, F.Tan, numpy.tan, -1, 1, dtype)
