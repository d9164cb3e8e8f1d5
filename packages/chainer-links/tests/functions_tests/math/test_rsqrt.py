import numpy

import chainer.functions as F


def test_rsqrt(check_unary, dtype):
    check_unary(F.rsqrt, F.Rsqrt, lambda x: 1 / numpy.sqrt(x), 0.5, 3, dtype)
