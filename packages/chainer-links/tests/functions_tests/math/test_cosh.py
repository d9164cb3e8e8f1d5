import numpy

import chainer.functions as F


def test_cosh(check_unary, dtype):
    check_unary(F.cosh, F.Cosh, numpy.cosh, -2, 2, dtype)
