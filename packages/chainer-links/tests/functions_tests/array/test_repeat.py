"""F.repeat against numpy.repeat; its gradient sums the copies."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape,repeats,axis', [
    ((3,), 2, None), ((2, 3), 3, None), ((2, 3), (1, 0, 2), 1), ((2, 3), (2,), 0),
    ((2, 3, 2), 2, -2), ((2,), 0, 0), ((2, 2), True, None), ((2, 2), (2, 1, 0, 1), None)])
def test_repeat(rng, dtype, check_backward, shape, repeats, axis):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.repeat(x, repeats, axis)
    np_repeats = repeats[0] if isinstance(repeats, tuple) and len(repeats) == 1 \
        else repeats
    numpy.testing.assert_array_equal(y.data, numpy.repeat(x, np_repeats, axis))
    check_backward(lambda x: F.repeat(x, repeats, axis), x,
                   rng.uniform(-1, 1, y.shape).astype(dtype))


def test_repeat_gradient_counts_copies():
    x = chainer.Variable(numpy.zeros((2, 3)))
    y = F.repeat(x, (3, 0, 1), axis=1)
    y.grad = numpy.ones(y.shape)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [[3, 0, 1], [3, 0, 1]])


@pytest.mark.parametrize('repeats', [-1, (1, -1)])
def test_repeat_negative_is_value_error(repeats):
    with pytest.raises(ValueError):
        F.repeat(numpy.zeros((2, 2), numpy.float32), repeats, 1)


@pytest.mark.parametrize('repeats,axis', [('a', None), (1, 'a'), (1, True), (1.5, None)])
def test_repeat_bad_argument_types(repeats, axis):
    with pytest.raises(TypeError):
        F.repeat(numpy.zeros((2, 2), numpy.float32), repeats, axis)


def test_repeat_length_mismatch_is_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.repeat(numpy.zeros((2, 3), numpy.float32), (1, 2), 1)
