import numpy

import chainer.functions as F


def test_log2(check_unary, dtype):
    check_unary(F.log2, F.Log2, numpy.log2, 0.5, 3, dtype)
