"""F.add's operand counts: one operand gives a new Variable holding it (v7), none is an
error naming what is expected."""
import numpy
import pytest

import chainer
import chainer.functions as F


def test_one_operand_is_a_new_variable_with_its_value_and_gradient():
    x = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    y = F.add(x)
    assert y is not x
    numpy.testing.assert_array_equal(y.array, x.array)
    y.grad = numpy.full(3, 2, numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [2, 2, 2])
    assert isinstance(F.add(numpy.ones(2, numpy.float32)), chainer.Variable)


def test_no_operand_is_refused():
    with pytest.raises(TypeError, match='one or more operands'):
        F.add()
