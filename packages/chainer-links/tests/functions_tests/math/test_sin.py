import numpy

import chainer.functions as F


def test_sin(check_unary, dtype):
    check_unary(F.sin, F.Sin, numpy.sin, -3, 3, dtype)
