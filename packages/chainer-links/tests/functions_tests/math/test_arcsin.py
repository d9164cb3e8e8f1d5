import numpy

import chainer.functions as F


def test_arcsin(check_unary, dtype):
    check_unary(F.arcsin, F.Arcsin, numpy.arcsin, -0.7, 0.7, dtype)
