import numpy

import chainer.functions as F


def test_log1p(check_unary, dtype):
    check_unary(F.log1p, F.Log1p, numpy.log1p, -0.5, 2, dtype)
