import numpy

import chainer.functions as F


def test_ceil(check_unary, dtype):
    # Not differentiable: backward leaves the input without a gradient.
    check_unary(F.ceil, F.Ceil, numpy.ceil, -3, 3, dtype, differentiable=False)
