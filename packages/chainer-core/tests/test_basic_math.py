"""Tests of the core functions behind the Variable operators (basic math, matmul,
get_item): forward against numpy, gradient checks for float16/32/64, dtype
preservation and operands on either side."""
import operator

import numpy
import pytest

from chainer import gradient_check
from chainer.core_functions import basic_math
from chainer import Variable
from chainer.core_functions.get_item import get_item
from chainer.core_functions.matmul import matmul
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def tolerances(dtype):
    if dtype == numpy.float16:
        return {'atol': 5e-2, 'rtol': 5e-2, 'dtype': numpy.float64}
    if dtype == numpy.float32:
        return {'atol': 1e-3, 'rtol': 1e-3}
    return {'atol': 1e-5, 'rtol': 1e-5}


def away_from_zero(shape, dtype, rng, low=0.5, high=2.0):
    """Values with |v| in [low, high] (keeps division, abs and log well-conditioned)."""
    sign = numpy.where(rng.rand(*shape) < 0.5, -1, 1)
    return (sign * rng.uniform(low, high, shape)).astype(dtype)


def positive(shape, dtype, rng):
    return rng.uniform(0.5, 2.0, shape).astype(dtype)


SHAPE = (2, 3)
C_ARRAY = numpy.array([0.5, 1.5, -2.0])  # broadcasts to SHAPE

# name: (function of Variables, numpy reference, input generators)
UNARY_AND_BINARY = {
    'neg': (lambda x: -x, operator.neg, [away_from_zero]),
    'abs': (abs, numpy.abs, [away_from_zero]),
    'add': (operator.add, operator.add, [away_from_zero, away_from_zero]),
    'sub': (operator.sub, operator.sub, [away_from_zero, away_from_zero]),
    'mul': (operator.mul, operator.mul, [away_from_zero, away_from_zero]),
    'div': (operator.truediv, operator.truediv, [away_from_zero, away_from_zero]),
    'pow': (operator.pow, operator.pow, [positive, away_from_zero]),
    'add_const': (lambda x: x + 2.0, lambda x: x + 2.0, [away_from_zero]),
    'radd_const': (lambda x: 2.0 + x, lambda x: 2.0 + x, [away_from_zero]),
    'sub_const': (lambda x: x - 2.0, lambda x: x - 2.0, [away_from_zero]),
    'rsub_const': (lambda x: 2.0 - x, lambda x: 2.0 - x, [away_from_zero]),
    'mul_const': (lambda x: x * 1.5, lambda x: x * 1.5, [away_from_zero]),
    'rmul_const': (lambda x: 1.5 * x, lambda x: 1.5 * x, [away_from_zero]),
    'div_const': (lambda x: x / 4.0, lambda x: x / 4.0, [away_from_zero]),
    'rdiv_const': (lambda x: 3.0 / x, lambda x: 3.0 / x, [away_from_zero]),
    'pow_const': (lambda x: x ** 2.5, lambda x: x ** 2.5, [positive]),
    'rpow_const': (lambda x: 2.0 ** x, lambda x: 2.0 ** x, [away_from_zero]),
    'add_array': (lambda x: x + C_ARRAY, lambda x: x + C_ARRAY, [away_from_zero]),
    'rsub_array': (lambda x: C_ARRAY - x, lambda x: C_ARRAY - x, [away_from_zero]),
    'mul_array': (lambda x: C_ARRAY * x, lambda x: C_ARRAY * x, [away_from_zero]),
    'rdiv_array': (lambda x: C_ARRAY / x, lambda x: C_ARRAY / x, [away_from_zero]),
    'pow_array': (lambda x: x ** numpy.abs(C_ARRAY),
                  lambda x: x ** numpy.abs(C_ARRAY), [positive]),
    'rpow_array': (lambda x: numpy.abs(C_ARRAY) ** x,
                   lambda x: numpy.abs(C_ARRAY) ** x, [away_from_zero]),
}


def _inputs(gens, dtype, seed=0):
    rng = numpy.random.RandomState(seed)
    return tuple(g(SHAPE, dtype, rng) for g in gens)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('name', sorted(UNARY_AND_BINARY))
def test_forward_matches_numpy_and_keeps_dtype(name, dtype):
    func, ref, gens = UNARY_AND_BINARY[name]
    xs = _inputs(gens, dtype)
    y = func(*[Variable(x) for x in xs])
    assert y.dtype == dtype and isinstance(y.data, numpy.ndarray)
    expected = ref(*[x.astype(numpy.float64) for x in xs])
    tol = 1e-2 if dtype == numpy.float16 else 1e-5
    numpy.testing.assert_allclose(y.data, expected, rtol=tol, atol=tol)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('name', sorted(UNARY_AND_BINARY))
def test_backward(name, dtype):
    func, _, gens = UNARY_AND_BINARY[name]
    xs = _inputs(gens, dtype)
    gy = numpy.random.RandomState(1).uniform(-1, 1, SHAPE).astype(dtype)
    gradient_check.check_backward(func, xs, gy, **tolerances(dtype))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('constant', [
    2, 0.5, numpy.float64(0.5), numpy.float16(0.5), numpy.int64(3),
    numpy.array(0.5), numpy.array([1.0, 2.0, 3.0]), numpy.ones(SHAPE, numpy.float64)])
@pytest.mark.parametrize('op', [operator.add, operator.sub, operator.mul,
                                operator.truediv, operator.pow])
def test_constants_on_either_side_keep_the_variable_dtype(op, constant, dtype):
    x = Variable(positive(SHAPE, dtype, numpy.random.RandomState(0)))
    for y, expected in ((op(x, constant), op(x.data.astype(numpy.float64), constant)),
                        (op(constant, x), op(constant, x.data.astype(numpy.float64)))):
        assert isinstance(y, Variable)
        assert y.dtype == dtype and y.shape == SHAPE
        tol = 2e-2 if dtype == numpy.float16 else 1e-5
        numpy.testing.assert_allclose(y.data, expected, rtol=tol)


def test_variable_operands_must_agree():
    x32 = Variable(numpy.ones(3, numpy.float32))
    with pytest.raises(type_check.InvalidType, match='dtype'):
        x32 + Variable(numpy.ones(3, numpy.float64))
    with pytest.raises(type_check.InvalidType, match='shape'):
        x32 * Variable(numpy.ones(4, numpy.float32))
    with pytest.raises(ValueError, match='broadcast'):
        x32 + numpy.ones(4)
    with pytest.raises(TypeError, match='operand'):
        x32 + 'a'
    with pytest.raises(TypeError, match='operand'):
        [1.0] - x32


def test_operator_labels():
    x = Variable(numpy.ones(2, numpy.float32))
    assert (x + x).creator.label == '_ + _'
    assert (x * 2).creator.label == '_ * 2'
    assert (2 - x).creator.label == '2 - _'
    assert (x ** C_ARRAY[:2]).creator.label == '_ ** constant array'
    assert (-x).creator.label == '__neg__'
    assert abs(x).creator.label == '|_|'


# ---------------------------------------------------------------- matmul

MATMUL_CASES = [
    # a shape, b shape, transa, transb
    ((2, 3), (3, 4), False, False),
    ((3, 2), (3, 4), True, False),
    ((2, 3), (4, 3), False, True),
    ((3, 2), (4, 3), True, True),
    ((3,), (1, 2), False, False),  # a 1-d array is an N x 1 matrix
    ((2, 3), (3,), False, False),
]


def _op(a, trans):
    a = a.reshape(len(a), 1) if a.ndim == 1 else a
    return a.T if trans else a


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('a_shape,b_shape,transa,transb', MATMUL_CASES)
def test_matmul(a_shape, b_shape, transa, transb, dtype):
    rng = numpy.random.RandomState(0)
    a = rng.uniform(-1, 1, a_shape).astype(dtype)
    b = rng.uniform(-1, 1, b_shape).astype(dtype)
    y = matmul(Variable(a), Variable(b), transa=transa, transb=transb)
    expected = _op(a, transa).astype(numpy.float64).dot(_op(b, transb))
    assert y.dtype == dtype
    numpy.testing.assert_allclose(y.data, expected, rtol=1e-2, atol=1e-2)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    gradient_check.check_backward(
        lambda p, q: matmul(p, q, transa=transa, transb=transb), (a, b), gy,
        **tolerances(dtype))


@pytest.mark.parametrize('operand', [[3.0, 4.0], (3.0, 4.0), 'a'])
def test_bad_operand_is_also_a_value_error_as_in_v1(operand):
    x = Variable(numpy.ones(2, numpy.float32))
    for op in (lambda: x + operand, lambda: operand - x, lambda: x * operand):
        with pytest.raises(ValueError, match='operand'):
            op()


def test_reflected_operators_take_a_variable_as_in_v1():
    a = Variable(numpy.array([2.0, 3.0], numpy.float32))
    b = Variable(numpy.array([4.0, 9.0], numpy.float32))
    numpy.testing.assert_array_equal(b.__rsub__(a).data, [-2, -6])
    numpy.testing.assert_allclose(b.__rtruediv__(a).data, [0.5, 1 / 3.], rtol=1e-6)
    numpy.testing.assert_allclose(b.__rpow__(a).data, [16, 3 ** 9])
    numpy.testing.assert_array_equal(b.__radd__(a).data, [6, 12])
    numpy.testing.assert_array_equal(b.__rmul__(a).data, [8, 27])


def test_negative_constants_are_parenthesized_in_labels_as_in_v1():
    x = Variable(numpy.ones(2, numpy.float32))
    assert (x - 2).creator.label == '_ + (-2)'
    assert (x * -0.5).creator.label == '_ * (-0.5)'
    assert (-3 - x).creator.label == '(-3) - _'
    assert (x + 0.0).creator.label == '_ + 0.0'


def test_matmul_casts_a_constant_matrix_to_the_variable_dtype_as_in_v1():
    x = Variable(numpy.ones((3, 2), numpy.float64))
    c = numpy.full((2, 4), 0.5, numpy.float16)
    assert (x @ c).dtype == numpy.float64
    numpy.testing.assert_array_equal((x @ c).data, numpy.ones((3, 4)))
    left = numpy.ones((4, 3), numpy.float32)
    assert x.__rmatmul__(left).dtype == numpy.float64


def test_add_and_sub_of_integer_variables_as_in_v1():
    a = Variable(numpy.array([1, 2], numpy.int32))
    b = Variable(numpy.array([3, 5], numpy.int32))
    assert (a + b).dtype == numpy.int32
    numpy.testing.assert_array_equal((a + b).data, [4, 7])
    numpy.testing.assert_array_equal((b - a).data, [2, 3])
    with pytest.raises(type_check.InvalidType, match="kind == 'f'"):
        a * b  # v1 multiplies and divides floats only


def test_matmul_operator_and_errors():
    a = Variable(numpy.ones((2, 3), numpy.float32))
    b = Variable(numpy.ones((3, 1), numpy.float32))
    numpy.testing.assert_array_equal((a @ b).data, [[3], [3]])
    with pytest.raises(type_check.InvalidType):
        a @ a
    with pytest.raises(type_check.InvalidType):
        matmul(a, Variable(numpy.ones((3, 1), numpy.float64)))
    with pytest.raises(type_check.InvalidType):
        matmul(a, Variable(numpy.ones((3, 1, 1), numpy.float32)))


# ---------------------------------------------------------------- get_item

INDEXES = [
    (1,), (slice(None, None, 2),), (Ellipsis, 1), (None, 0, slice(1, 3)),
    (numpy.array([2, 0, 2]),),  # advanced, with a repeated index
    (slice(None), numpy.array([[0, 1], [3, 3]])),
    (numpy.array([True, False, True]),),
]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('index', INDEXES)
def test_get_item(index, dtype):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    y = get_item(Variable(x), index)
    numpy.testing.assert_array_equal(y.data, x[index])
    assert y.dtype == dtype
    gy = rng.uniform(-1, 1, y.shape).astype(dtype)
    gradient_check.check_backward(lambda v: v[index], x, gy, **tolerances(dtype))


def test_get_item_gradient_adds_at_repeated_indices():
    x = Variable(numpy.zeros(3, numpy.float32))
    y = x[numpy.array([0, 0, 2])]
    y.grad = numpy.array([1, 2, 3], numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [3, 0, 3])


def test_get_item_with_variable_index():
    x = Variable(numpy.arange(4, dtype=numpy.float32))
    idx = Variable(numpy.array([3, 1]))
    numpy.testing.assert_array_equal(get_item(x, idx).data, [3, 1])


@pytest.mark.parametrize('value,text', [
    (2, '2'), (0, '0'), (-2, '(-2)'), (2.0, '2.0'), (-2.5, '(-2.5)'),
    (numpy.float32(2), '2.0'), (numpy.array([1, 2]), 'constant array'),
    (Variable(numpy.array([1.0], numpy.float32)), 'constant array'),
])
def test_v1_convert_value_to_string_labels_constants(value, text):
    assert basic_math._convert_value_to_string(value) == text


def test_v1_convert_value_to_string_rejects_other_values():
    with pytest.raises(ValueError, match='scalar, ndarray, or Variable'):
        basic_math._convert_value_to_string([1, 2])


@pytest.mark.parametrize('index,as_tuple', [
    ([1, [1]], (1, [1])),
    ([[1], slice(1, 2)], ([1], slice(1, 2))),
    ([[[]]], ([[]],)),
    ([1, None], (1, None)),
    ([Ellipsis, 0], (Ellipsis, 0)),
])
def test_list_holding_sequences_or_slices_indexes_per_axis_as_in_v1(index, as_tuple):
    # the rule of the numpy releases v1 ran on (before 1.23), which v1 code relies on
    data = numpy.arange(24, dtype=numpy.float32).reshape(4, 3, 2)
    x = Variable(data)
    y = get_item(x, index)
    numpy.testing.assert_array_equal(y.data, data[as_tuple])
    y.grad = numpy.ones_like(y.data)
    y.backward()
    expected = numpy.zeros_like(data)
    numpy.add.at(expected, as_tuple, 1)
    numpy.testing.assert_array_equal(x.grad, expected)


def test_list_of_ints_stays_one_integer_array_index():
    x = numpy.arange(24, dtype=numpy.float32).reshape(4, 3, 2)
    assert get_item(x, [1, 0]).shape == (2, 3, 2)


@pytest.mark.parametrize('op', [lambda x, y: x ** y, lambda x, y: x ** 0.5,
                                lambda x, y: x ** numpy.float32(2.5)])
def test_pow_gradients_of_0d_inputs_keep_their_dtype(op):
    # numpy 1 promotes a 0-d float32 array combined with a Python int to float64
    x = Variable(numpy.array(0.7, numpy.float32))
    y = Variable(numpy.array(1.5, numpy.float32))
    z = op(x, y)
    z.grad = numpy.array(1.0, numpy.float32)
    z.backward()
    assert x.grad.dtype == numpy.float32
    assert y.grad is None or y.grad.dtype == numpy.float32


def test_matmul_operator_nodes_are_v1s_with_v1s_labels():
    x = Variable(numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32))
    y = Variable(numpy.random.uniform(-1, 1, (2, 4)).astype(numpy.float32))
    c = numpy.random.uniform(-1, 1, (2, 4)).astype(numpy.float64)
    assert (x @ y).creator.label == '_ @ _'
    assert (x @ c).creator.label == '_ @ constant array'
    d = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    node = basic_math.rmatmul(x, d)
    assert node.creator.label == 'constant array @ _'


@pytest.mark.parametrize('constant_first', [False, True])
def test_matmul_with_a_constant_gives_the_variable_its_gradient(constant_first):
    data = numpy.random.uniform(-1, 1, (3, 2))
    c = numpy.random.uniform(-1, 1, (2, 3) if not constant_first else (4, 3))

    def f(x):
        return basic_math.rmatmul(x, c) if constant_first else x @ c
    y = f(Variable(data))
    expected = c.dot(data) if constant_first else data.dot(c)
    numpy.testing.assert_allclose(y.data, expected)
    gy = numpy.random.uniform(-1, 1, expected.shape)
    gradient_check.check_backward(f, data, gy)


def test_matmul_with_a_constant_checks_the_inner_sizes():
    x = Variable(numpy.zeros((3, 2), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        x @ numpy.zeros((3, 3), numpy.float32)
    with pytest.raises(TypeError, match='@ operator'):
        x @ 2.0


def test_a_constant_is_cast_to_each_variable_dtype_in_turn():
    # the casts of Python numbers are kept per (number, dtype): one never leaks into
    # a variable of another dtype
    for dtype in (numpy.float16, numpy.float64, numpy.float32, numpy.int32):
        x = Variable(numpy.array([3, 4], dtype))
        for y in (x * 3, x + 2.0, 2.0 - x):
            assert y.dtype == dtype
        numpy.testing.assert_array_equal((x * 3).data, [9, 12])


@pytest.mark.parametrize('zeros', [(0.0, -0.0), (-0.0, 0.0)])
def test_signed_zero_constants_keep_their_sign_in_any_order(zeros):
    x = Variable(numpy.array([-0.0], numpy.float32))
    for zero in zeros:
        y = x + zero  # -0.0 + 0.0 is 0.0, -0.0 + -0.0 is -0.0
        assert numpy.signbit(y.data[0]) == numpy.signbit(zero)
        assert numpy.signbit((x * zero).data[0]) != numpy.signbit(zero)


def test_the_record_of_constant_casts_is_bounded(monkeypatch):
    monkeypatch.setattr(basic_math, '_casts', {})  # none kept by other tests
    monkeypatch.setattr(basic_math, '_MAX_CASTS', 3)
    x = Variable(numpy.ones(2, numpy.float32))
    for c in range(1, 10):
        numpy.testing.assert_array_equal((x * c).data, [c, c])
        assert len(basic_math._casts) <= 3
