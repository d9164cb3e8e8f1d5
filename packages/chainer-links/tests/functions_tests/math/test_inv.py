import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


def _well_conditioned(rng, shape, dtype):
    # Identity plus a small perturbation keeps the inverse tame in float16.
    n = shape[-1]
    a = numpy.eye(n) + rng.uniform(-0.3, 0.3, shape)
    return a.astype(dtype)


def test_inv(rng, dtype, check_forward, check_backward):
    a = _well_conditioned(rng, (3, 3), dtype)
    y = F.inv(a)
    check_forward(y.data, numpy.linalg.inv(a.astype(numpy.float64)), dtype)
    gy = rng.uniform(-1, 1, (3, 3)).astype(dtype)
    check_backward(F.inv, a, gy, dtype)


def test_inv_times_input_is_identity(rng):
    a = _well_conditioned(rng, (4, 4), numpy.float64)
    numpy.testing.assert_allclose(F.inv(a).data.dot(a), numpy.eye(4), atol=1e-12)


def test_inv_singular_raises():
    with pytest.raises(numpy.linalg.LinAlgError):
        F.inv(numpy.zeros((2, 2), numpy.float32))


@pytest.mark.parametrize('shape,dt', [((2, 3), numpy.float32), ((2, 2, 2), numpy.float32),
                                      ((2, 2), numpy.int32)])
def test_inv_invalid(shape, dt):
    with pytest.raises(type_check.InvalidType):
        F.inv(numpy.ones(shape, dt))
