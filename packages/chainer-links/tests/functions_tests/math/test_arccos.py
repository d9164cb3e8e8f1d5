import numpy

import chainer.functions as F


def test_arccos(check_unary, dtype):
    check_unary(F.arccos, F.Arccos, numpy.arccos, -0.7, 0.7, dtype)
