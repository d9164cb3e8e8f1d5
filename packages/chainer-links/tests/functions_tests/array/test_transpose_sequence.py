import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def test_transpose_sequence_documented_example():
    xs = [numpy.array([0, 1, 2, 3], numpy.float32), numpy.array([4, 5], numpy.float32),
          numpy.array([6], numpy.float32)]
    ys = F.transpose_sequence(xs)
    assert [y.data.tolist() for y in ys] == [[0, 4, 6], [1, 5], [2], [3]]


@pytest.mark.parametrize('lengths', [(4, 2, 1), (3, 3), (2,), (3, 1, 1, 0)])
def test_transpose_sequence(rng, dtype, check_backward, lengths):
    xs = tuple(rng.uniform(-1, 1, (n, 2)).astype(dtype) for n in lengths)
    ys = F.transpose_sequence(xs)
    assert isinstance(ys, tuple) and len(ys) == max(lengths)
    for t, y in enumerate(ys):
        expected = numpy.stack([x[t] for x in xs if len(x) > t])
        numpy.testing.assert_array_equal(y.data, expected)
    gys = tuple(rng.uniform(-1, 1, y.shape).astype(dtype) for y in ys)
    check_backward(lambda *xs: F.transpose_sequence(xs), xs, gys, dtype)


def test_transpose_sequence_is_an_involution(rng):
    xs = [rng.uniform(-1, 1, (n, 3)).astype(numpy.float32) for n in (3, 2, 2)]
    back = F.transpose_sequence(F.transpose_sequence(xs))
    for x, y in zip(xs, back):
        numpy.testing.assert_array_equal(x, y.data)


def test_transpose_sequence_partial_gradient(rng):
    xs = [chainer.Variable(numpy.ones((n,), numpy.float32)) for n in (2, 1)]
    ys = F.transpose_sequence(xs)
    ys[1].grad = numpy.array([5], numpy.float32)
    ys[1].backward()
    numpy.testing.assert_array_equal(xs[0].grad, [0, 5])
    numpy.testing.assert_array_equal(xs[1].grad, [0])


@pytest.mark.parametrize('shapes,dtypes', [
    (((1, 2), (3, 2)), (numpy.float32,) * 2),       # not sorted by length
    (((3, 2), (1, 3)), (numpy.float32,) * 2),       # feature shapes differ
    (((3, 2), (1, 2)), (numpy.float32, numpy.float64)),
    (((), ()), (numpy.float32,) * 2),              # no time axis
])
def test_transpose_sequence_invalid(shapes, dtypes):
    with pytest.raises(type_check.InvalidType):
        F.transpose_sequence([numpy.zeros(s, d) for s, d in zip(shapes, dtypes)])


def test_empty_sequences_have_no_time_step_as_in_v1():
    xs = [numpy.zeros((0, 2), numpy.float32), numpy.zeros((0, 2), numpy.float32)]
    assert F.transpose_sequence(xs) == ()
