import numpy

import chainer.functions as F


def test_log(check_unary, dtype):
    check_unary(F.log, F.Log, numpy.log, 0.5, 3, dtype)
