"""The ``@`` operator: v1's meaning where v1 took the operands, numpy.matmul's (v3+)
where it refused them; constant operands of a shape that does not fit."""
import numpy
import pytest

import chainer
from chainer import gradient_check
from chainer.core_functions import matmul_nd
from chainer.utils import type_check


@pytest.mark.parametrize('a_shape,b_shape,expected_shape', [
    ((2, 3, 2), (2, 2, 4), (2, 3, 4)),
    ((2, 1, 3, 4), (2, 4, 2), (2, 2, 3, 2)),
    ((5, 3, 2), (2,), (5, 3)),
    ((2,), (5, 2, 4), (5, 4)),
    ((2, 3, 2), (2, 4), (2, 3, 4)),
    ((3,), (3,), ()),
    ((3,), (3, 2), (2,)),
])
@pytest.mark.parametrize('mode', ['var_var', 'const_var', 'var_const'])
def test_numpy_meaning_where_v1_refused(a_shape, b_shape, expected_shape, mode):
    rng = numpy.random.RandomState(0)
    a = rng.uniform(-1, 1, a_shape)
    b = rng.uniform(-1, 1, b_shape)
    left = a if mode == 'const_var' else chainer.Variable(a)
    right = b if mode == 'var_const' else chainer.Variable(b)
    y = left @ right
    assert y.shape == expected_shape
    numpy.testing.assert_allclose(y.data, numpy.matmul(a, b), rtol=1e-12)

    gy = rng.uniform(-1, 1, expected_shape)
    if mode == 'var_var':
        gradient_check.check_backward(lambda x, z: x @ z, (a, b), gy)
        gradient_check.check_double_backward(
            lambda x, z: x @ z, (a, b), gy,
            (rng.uniform(-1, 1, a_shape), rng.uniform(-1, 1, b_shape)))
    elif mode == 'const_var':
        gradient_check.check_backward(lambda z: a @ z, b, gy)
    else:
        gradient_check.check_backward(lambda x: x @ b, a, gy)


def test_v1_meaning_kept_where_v1_took_the_operands():
    # v1: a 1-d operand is a column vector; (2,) @ (1,) is (2, 1) @ (1, 1).
    a = chainer.Variable(numpy.array([1., 2.], numpy.float32))
    b = chainer.Variable(numpy.array([3.], numpy.float32))
    y = a @ b
    assert y.shape == (2, 1)
    numpy.testing.assert_array_equal(y.data, [[3.], [6.]])
    m = numpy.ones((1, 2), numpy.float32)
    assert (chainer.Variable(m) @ a).shape == (1, 1)


@pytest.mark.parametrize('a_shape,b_shape', [
    ((), ()), ((3, 2), ()), ((), (2, 4)), ((2, 3), (2, 3)), ((3,), (4,)),
    ((2, 3, 4), (2, 5, 4)), ((3, 2, 4), (2, 4, 1)),
])
def test_operands_that_do_not_fit_raise_invalid_type(a_shape, b_shape):
    a = chainer.Variable(numpy.ones(a_shape, numpy.float32))
    b = chainer.Variable(numpy.ones(b_shape, numpy.float32))
    with pytest.raises(type_check.InvalidType):
        a @ b


@pytest.mark.parametrize('a_shape,b_shape,transa,transb,expected', [
    ((3,), (3,), True, False, True),
    ((3,), (3,), False, False, False),
    ((3,), (1, 4), False, False, True),
    ((3,), (3, 4), False, False, False),
    ((2, 3), (2, 4), True, False, True),
    ((2, 3), (4, 3), False, True, True),
    ((2, 3, 4), (4, 2), False, False, False),
    ((), (2,), False, False, False),
])
def test_v1_accepts(a_shape, b_shape, transa, transb, expected):
    assert matmul_nd.v1_accepts(a_shape, b_shape, transa, transb) is expected


@pytest.mark.parametrize('op', [
    lambda x, c: x + c, lambda x, c: c + x, lambda x, c: x - c,
    lambda x, c: c - x, lambda x, c: x * c, lambda x, c: x / c,
    lambda x, c: c / x, lambda x, c: x ** c, lambda x, c: c ** x,
])
def test_constant_array_of_a_shape_that_does_not_broadcast(op):
    x = chainer.Variable(numpy.array([1., 2.], numpy.float32))
    bad = numpy.array([3., 4., 5.], numpy.float32)
    # v2+ raise InvalidType, v1 raised ValueError: the error is both.
    with pytest.raises(type_check.InvalidType):
        op(x, bad)
    with pytest.raises(ValueError):
        op(x, bad)
    wide = numpy.ones((3, 2), numpy.float32)  # broadcasts x to a larger shape (v6+)
    assert op(x, wide).shape == (3, 2)
    y = op(x, numpy.array([3., 4.], numpy.float32))
    assert y.shape == (2,) and y.dtype == numpy.float32
