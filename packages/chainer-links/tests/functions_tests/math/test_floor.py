import numpy

import chainer.functions as F


def test_floor(check_unary, dtype):
    # Not differentiable: backward leaves the input without a gradient.
    check_unary(F.floor, F.Floor, numpy.floor, -3, 3, dtype, differentiable=False)
