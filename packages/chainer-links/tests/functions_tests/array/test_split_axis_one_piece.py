"""F.split_axis into one piece: v1's Variable (force_tuple=False), which iterates as v7's
one-piece tuple (v7 code splits a batch into len(x) pieces and iterates them)."""
import numpy

import chainer
import chainer.functions as F


def test_one_piece_is_a_variable_that_iterates_as_itself():
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(1, 6))
    y = F.split_axis(x, len(x), axis=0)
    assert isinstance(y, chainer.Variable)  # v1
    pieces = list(y)  # v7: a tuple of one
    assert len(pieces) == 1 and pieces[0] is y
    assert len(y) == 1 and y.shape == (1, 6)
    numpy.testing.assert_array_equal(y[0].array, x.array[0])  # v1's indexing
    F.sum(pieces[0] * 3).backward()
    numpy.testing.assert_array_equal(x.grad, numpy.full((1, 6), 3, numpy.float32))


def test_batch_split_idiom_gives_the_rows_with_their_batch_axis():
    for n in (1, 3):
        x = numpy.arange(2 * n, dtype=numpy.float32).reshape(n, 2)
        rows = list(F.split_axis(x, len(x), axis=0))
        assert [r.shape for r in rows] == [(1, 2)] * n
        numpy.testing.assert_array_equal(F.concat(rows, axis=0).array, x)


def test_tuples_unchanged():
    x = numpy.zeros((2, 3), numpy.float32)
    assert isinstance(F.split_axis(x, 1, 1, force_tuple=True), tuple)
    assert isinstance(F.split_axis(x, 3, 1), tuple)
    assert type(F.split_axis(x, 3, 1)[0]) is chainer.Variable
