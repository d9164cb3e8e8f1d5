import numpy

import chainer.functions as F


def test_exp(check_unary, dtype):
    check_unary(F.exp, F.Exp, numpy.exp, -2, 2, dtype)


def test_exp_keeps_float16():
    assert F.exp(numpy.zeros(2, numpy.float16)).data.dtype == numpy.float16
