import numpy

import chainer.functions as F


def test_expm1(check_unary, dtype):
    check_unary(F.expm1, F.Expm1, numpy.expm1, -1, 1, dtype)


def test_expm1_is_accurate_near_zero():
    y = F.expm1(numpy.array([1e-10], numpy.float64))
    numpy.testing.assert_allclose(y.data, [1e-10], rtol=1e-9)


def test_v1_module_exponential_m1_is_reachable_from_f():
    assert F.exponential_m1.expm1 is F.expm1
    assert F.exponential_m1.Expm1 is F.Expm1
