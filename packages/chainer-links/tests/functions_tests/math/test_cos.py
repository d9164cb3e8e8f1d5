import numpy

import chainer.functions as F


def test_cos(check_unary, dtype):
    check_unary(F.cos, F.Cos, numpy.cos, -3, 3, dtype)
