import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def _padded(xs, length, padding):
    """Reference: each sequence copied into a row that starts out all ``padding``."""
    out = numpy.full((len(xs), length) + xs[0].shape[1:], padding, dtype=xs[0].dtype)
    for i, x in enumerate(xs):
        for j in range(len(x)):
            out[i, j] = x[j]
    return out


@pytest.mark.parametrize('lengths,trailing,length,padding', [
    ((3, 1, 2), (), None, 0),
    ((3, 1, 2), (2,), 5, -1.5),
    ((2, 2), (2, 3), None, 7),
    ((0, 2), (3,), 4, 1),
    ((4,), (), 4, 0),
])
def test_pad_sequence(rng, dtype, check_backward, lengths, trailing, length, padding):
    xs = tuple(rng.uniform(-1, 1, (n,) + trailing).astype(dtype) for n in lengths)
    y = F.pad_sequence(xs, length, padding)
    expected = _padded(xs, max(lengths) if length is None else length, padding)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda *xs: F.pad_sequence(xs, length, padding), xs, gy, dtype)


def test_pad_sequence_gradient_drops_the_padding():
    a = chainer.Variable(numpy.ones((2, 2), numpy.float32))
    b = chainer.Variable(numpy.ones((1, 2), numpy.float32))
    y = F.pad_sequence([a, b], length=3)
    F.sum(y * numpy.arange(12, dtype=numpy.float32).reshape(2, 3, 2)).backward()
    numpy.testing.assert_array_equal(a.grad, [[0, 1], [2, 3]])
    numpy.testing.assert_array_equal(b.grad, [[6, 7]])


@pytest.mark.parametrize('xs,length', [
    ([numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 2), numpy.float32)], None),
    ([numpy.zeros((2,), numpy.float32), numpy.zeros((2,), numpy.float64)], None),
    ([numpy.zeros((), numpy.float32)], None),
    ([numpy.zeros((3,), numpy.float32)], 2),
    ([], None),
])
def test_pad_sequence_invalid(xs, length):
    with pytest.raises(type_check.InvalidType):
        F.pad_sequence(xs, length)


def test_pad_sequence_length_must_be_an_int():
    with pytest.raises(TypeError, match='length'):
        F.pad_sequence([numpy.zeros((2,), numpy.float32)], length=2.5)


def test_pad_sequence_wraps_padding_out_of_an_unsigned_range_as_v1_on_numpy_1():
    xs = [numpy.array([1], numpy.uint8), numpy.array([2, 3], numpy.uint8)]
    y = F.pad_sequence(xs, padding=-1)
    numpy.testing.assert_array_equal(y.data, [[1, 255], [2, 3]])
    assert y.data.dtype == numpy.uint8
