import numpy

import chainer.functions as F


def test_arctan(check_unary, dtype):
    check_unary(F.arctan, F.Arctan, numpy.arctan, -3, 3, dtype)
