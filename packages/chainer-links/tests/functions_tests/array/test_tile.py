import numpy
import pytest

import chainer.functions as F


@pytest.mark.parametrize('shape,reps', [
    ((2, 3), 2), ((2, 3), (2, 1)), ((2, 3), (1, 2, 2)), ((2, 3, 2), (2, 1)),
    ((3,), (2, 2)), ((2,), 1), ((2, 3), (0, 1))])
def test_tile(rng, dtype, check_backward, shape, reps):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.tile(x, reps)
    expected = numpy.tile(x, reps)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.tile(x, reps), x, gy, dtype)


@pytest.mark.parametrize('reps,error', [(-1, ValueError), ((1, -2), ValueError),
                                        (1.5, TypeError), ('ab', TypeError)])
def test_tile_invalid_reps(reps, error):
    with pytest.raises(error, match='reps'):
        F.tile(numpy.zeros((2, 3), numpy.float32), reps)


def test_tile_of_a_0_dim_input_has_an_array_gradient_as_in_v1(check_backward):
    x = numpy.array(1.5, numpy.float32)
    y = F.tile(x, (2, 3))
    numpy.testing.assert_array_equal(y.data, numpy.full((2, 3), 1.5, numpy.float32))
    check_backward(lambda x: F.tile(x, (2, 3)), x, numpy.ones((2, 3), numpy.float32))
