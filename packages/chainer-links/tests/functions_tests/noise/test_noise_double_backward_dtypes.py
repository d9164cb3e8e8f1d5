"""Second-order gradients of the noise functions in float16, float32 and float64,
with their randomness fixed (a given mask, or the global seed set before each call
so that every evaluation of a numerical gradient draws the same noise)."""
import numpy
import pytest

import chainer.functions as F

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _u(rng, dtype, *shape):
    return rng.uniform(-1, 1, shape).astype(dtype)


def _seeded(func, seed=3):
    def call(*args):
        numpy.random.seed(seed)
        return func(*args)
    return call


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_dropout(rng, check_double_backward, dtype):
    mask = (rng.rand(3, 4) > .4).astype(dtype) / dtype(.6)
    check_double_backward(lambda x: F.dropout(x, .4, mask=mask) ** 2, _u(rng, dtype, 3, 4))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_zoneout(rng, check_double_backward, dtype):
    check_double_backward(_seeded(lambda h, x: F.zoneout(h, x, .5) ** 2),
                          (_u(rng, dtype, 3, 4), _u(rng, dtype, 3, 4)))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_gumbel_softmax(rng, check_double_backward, dtype):
    log_pi = numpy.log(rng.uniform(.2, 1, (3, 4))).astype(dtype)
    check_double_backward(_seeded(lambda p: F.gumbel_softmax(p, tau=2.0)), log_pi)


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_simplified_dropconnect(rng, check_double_backward, dtype):
    mask = rng.rand(3, 5, 4) > .4

    def f(x, W, b):
        return F.simplified_dropconnect(x, W, b, ratio=.4, mask=mask, train=True)

    check_double_backward(f, (_u(rng, dtype, 3, 4), _u(rng, dtype, 5, 4),
                              _u(rng, dtype, 5)))
