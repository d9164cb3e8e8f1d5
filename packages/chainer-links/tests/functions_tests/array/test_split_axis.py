import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape,ios,axis', [
    ((6, 2), 3, 0), ((2, 6), [1, 4], 1), ((2, 6), numpy.array([2]), -1),
    ((2, 3, 4), 2, 2)])
def test_split_axis(rng, dtype, check_backward, shape, ios, axis):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    ys = F.split_axis(x, ios, axis)
    expected = numpy.split(x, ios, axis)
    assert len(ys) == len(expected)
    for y, e in zip(ys, expected):
        numpy.testing.assert_array_equal(y.data, e)
        assert y.data.dtype == dtype
    gys = tuple(rng.uniform(-1, 1, e.shape).astype(dtype) for e in expected)
    check_backward(lambda x: F.split_axis(x, ios, axis), x, gys, dtype)


def test_split_axis_single_output_and_force_tuple(rng):
    x = rng.uniform(-1, 1, (2, 3)).astype(numpy.float32)
    assert isinstance(F.split_axis(x, 1, 1), chainer.Variable)
    ys = F.split_axis(x, 1, 1, force_tuple=True)
    assert isinstance(ys, tuple) and len(ys) == 1
    numpy.testing.assert_array_equal(ys[0].data, x)


def test_split_axis_unused_output_gets_zero_grad(rng):
    x = chainer.Variable(rng.uniform(-1, 1, (4,)).astype(numpy.float32))
    y0, _ = F.split_axis(x, 2, 0)
    y0.grad = numpy.ones(2, numpy.float32)
    y0.backward()
    numpy.testing.assert_array_equal(x.grad, [1, 1, 0, 0])


@pytest.mark.parametrize('indices,sizes', [([0], [0, 4]), ([2, 2], [2, 0, 2]),
                                           ([0, 0, 3], [0, 0, 3, 1])])
def test_split_axis_makes_empty_pieces_as_in_v1(rng, check_backward, indices, sizes):
    x = rng.uniform(-1, 1, (2, 4)).astype(numpy.float32)
    ys = F.split_axis(x, indices, 1)
    assert [y.shape[1] for y in ys] == sizes
    numpy.testing.assert_array_equal(numpy.concatenate([y.data for y in ys], 1), x)
    gys = tuple(rng.uniform(-1, 1, (2, n)).astype(numpy.float32) for n in sizes)
    check_backward(lambda x: F.split_axis(x, indices, 1), x, gys)


@pytest.mark.parametrize('indices', [[5], [1, 5], [2, 6]])
def test_split_axis_position_may_not_exceed_the_length(indices):
    with pytest.raises(type_check.InvalidType):
        F.split_axis(numpy.zeros((2, 4), numpy.float32), indices, 1)


def test_split_axis_position_equal_to_the_length_gives_an_empty_piece():
    # v7 accepts a last position equal to the length (v1 raised InvalidType).
    x = numpy.arange(8, dtype=numpy.float32).reshape(2, 4)
    first, last = F.split_axis(x, [4], 1)
    numpy.testing.assert_array_equal(first.data, x)
    assert last.data.shape == (2, 0)


def test_split_axis_single_piece_default_is_a_variable_as_in_v1():
    x = numpy.zeros((2, 4), numpy.float32)
    assert isinstance(F.split_axis(x, 1, 1), chainer.Variable)
    assert isinstance(F.split_axis(x, 1, 1, force_tuple=True), tuple)


@pytest.mark.parametrize('ios,axis', [(3, 1), (2, 2), (2, -3)])
def test_split_axis_invalid(ios, axis):
    with pytest.raises(type_check.InvalidType):
        F.split_axis(numpy.zeros((2, 4), numpy.float32), ios, axis)


@pytest.mark.parametrize('ios', [0, 'ab', [[1, 2]], 1.5])
def test_split_axis_bad_argument(ios):
    with pytest.raises((TypeError, ValueError)):
        F.split_axis(numpy.zeros((2, 4), numpy.float32), ios, 1)


def test_split_axis_unsorted_positions_are_a_value_error_as_in_v1_debug_mode():
    with pytest.raises(ValueError, match='sorted'):
        F.split_axis(numpy.zeros((2, 3, 4), numpy.float32), [2, 1], 1)


def test_an_empty_list_of_positions_gives_a_tuple_of_the_one_piece():
    # sequence_embed of v7 code splits at numpy.cumsum(lengths[:-1]): empty for one
    # sequence, and the pieces are iterated
    x = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    for positions in ([], (), numpy.cumsum([]), numpy.array([], numpy.int32)):
        ys = F.split_axis(x, positions, 0)
        assert isinstance(ys, tuple) and len(ys) == 1
        numpy.testing.assert_array_equal(ys[0].data, x)
    # a section count of 1 keeps v1's single Variable unless asked for a tuple
    assert isinstance(F.split_axis(x, 1, 0), chainer.Variable)
    assert isinstance(F.split_axis(x, numpy.int64(1), 0), chainer.Variable)
    assert isinstance(F.split_axis(x, 1, 0, force_tuple=True), tuple)
