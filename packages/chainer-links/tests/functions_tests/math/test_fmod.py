import math

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


def _reference(x, d):
    return numpy.vectorize(math.fmod)(x, d)


def _inputs(rng, dtype):
    x = rng.uniform(-5, 5, (3, 2))
    d = rng.choice([-1, 1], (3, 2)) * rng.uniform(0.7, 1.5, (3, 2))
    # keep x / d away from integers, where the gradient jumps
    frac = numpy.abs(x / d) % 1
    x = numpy.where((frac < 0.1) | (frac > 0.9), x + 0.3 * d, x)
    return x.astype(dtype), d.astype(dtype)


def test_fmod(rng, dtype, check_forward, check_backward):
    x, d = _inputs(rng, dtype)
    y = F.fmod(x, d)
    check_forward(y.data, _reference(x.astype(numpy.float64), d.astype(numpy.float64)),
                  dtype)
    gy = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    check_backward(F.fmod, (x, d), gy, dtype, eps=1e-3)


def test_fmod_takes_the_sign_of_the_dividend():
    y = F.fmod(numpy.array([-7., 7.], numpy.float32), numpy.array([3., -3.], numpy.float32))
    numpy.testing.assert_array_equal(y.data, [-1., 1.])
    assert F.Fmod().label == 'fmod'


@pytest.mark.parametrize('dtypes', [(numpy.float32, numpy.float64),
                                    (numpy.int32, numpy.int32)])
def test_fmod_rejects_mixed_or_integer_dtypes(dtypes):
    with pytest.raises(type_check.InvalidType):
        F.fmod(numpy.ones(3, dtypes[0]), numpy.ones(3, dtypes[1]))
