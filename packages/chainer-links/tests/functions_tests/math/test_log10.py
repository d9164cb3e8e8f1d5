import numpy

import chainer.functions as F


def test_log10(check_unary, dtype):
    check_unary(F.log10, F.Log10, numpy.log10, 0.5, 3, dtype)
