"""L.Linear's third positional argument: v1's wscale (a number) or v2+'s nobias (a
bool), after which v2+ passes initialW and initial_bias by position (ChainerRL's
FactorizedNoisyLinear does)."""
import numpy
import pytest

import chainer.links as L
from chainer import initializers


def test_bool_third_argument_is_nobias():
    assert L.Linear(3, 2, True).b is None
    link = L.Linear(3, 2, False)
    assert link.b is not None and link.W.shape == (2, 3)
    numpy.testing.assert_array_equal(link.b.array, numpy.zeros(2, numpy.float32))


def test_v2_positional_initializers_after_nobias():
    link = L.Linear(3, 2, False, initializers.Constant(0.5), initializers.Constant(2.0))
    numpy.testing.assert_array_equal(link.W.array, numpy.full((2, 3), 0.5, numpy.float32))
    numpy.testing.assert_array_equal(link.b.array, numpy.full(2, 2.0, numpy.float32))
    link = L.Linear(3, 2, True, initialW=initializers.Constant(1.5))
    assert link.b is None
    numpy.testing.assert_array_equal(link.W.array, numpy.full((2, 3), 1.5, numpy.float32))
    with pytest.raises(TypeError):
        L.Linear(3, 2, False, initializers.Constant(0.5), initialW=initializers.One())


def test_number_third_argument_is_still_v1s_wscale():
    numpy.random.seed(0)
    small = L.Linear(400, 300, 1e-4).W.array
    numpy.random.seed(0)
    large = L.Linear(400, 300, 1.0).W.array
    assert small.std() < large.std() / 50
    link = L.Linear(3, 2, 1, 0.25)  # v1's wscale, bias
    numpy.testing.assert_array_equal(link.b.array, numpy.full(2, 0.25, numpy.float32))
