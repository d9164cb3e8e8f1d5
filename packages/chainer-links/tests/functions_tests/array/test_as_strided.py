"""F.as_strided: views of the memory under the input, in element units."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.array.as_strided import _stride_array


def test_stride_array_reads_the_base_memory():
    base = numpy.arange(8.)
    x = _stride_array(base, (3, 3), (-1, 2), 3)
    numpy.testing.assert_array_equal(x, [[3, 5, 7], [2, 4, 6], [1, 3, 5]])
    assert numpy.shares_memory(x, base)


@pytest.mark.parametrize('offset', [1, 7])
def test_stride_array_out_of_buffer(offset):
    with pytest.raises(ValueError):
        _stride_array(numpy.arange(8.), (3, 3), (-1, 2), offset)


def test_as_strided_forward_and_broadcast_gradient():
    x = chainer.Variable(numpy.arange(12.).reshape(3, 4))
    y = F.as_strided(x, (2, 3, 4), (0, 4, 1), 0)
    numpy.testing.assert_array_equal(y.data, numpy.broadcast_to(x.data, (2, 3, 4)))
    gx, = chainer.grad([y], [x], [chainer.Variable(numpy.ones((2, 3, 4)))])
    numpy.testing.assert_array_equal(gx.data, numpy.full((3, 4), 2.))


def test_as_strided_relative_to_base_of_a_view():
    x = numpy.arange(12.).reshape(3, 4)[::-1]
    y = F.as_strided(x, (12,), (1,), 0)
    numpy.testing.assert_array_equal(y.data, numpy.arange(12.))


def test_as_strided_overlapping_input_shares_the_gradient():
    # Two input elements stored in one memory element share its gradient equally.
    x = chainer.Variable(_stride_array(numpy.arange(8.), (3, 3), (-1, 2), 3))
    y = F.as_strided(x, (3, 3), (1, 2), 0)
    gx, = chainer.grad([y], [x], [chainer.Variable(numpy.ones((3, 3)))])
    numpy.testing.assert_array_equal(
        gx.data, [[.5, .5, 0], [2, 2, 1], [1, .5, .5]])


def test_as_strided_integer_gradient_is_type_error():
    x = chainer.Variable(numpy.arange(4))
    y = F.as_strided(x, (4,), (-1,), 3)
    with pytest.raises(TypeError):
        chainer.grad([y], [x], [chainer.Variable(numpy.ones(4, numpy.int64))])
