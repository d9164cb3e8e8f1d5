"""Elementwise arithmetic behind the Variable operators ``+ - * / ** @``, unary ``-``
and ``abs``.

Variable-variable operations require equal shapes and dtypes. A constant operand (a
Python or numpy scalar, or an array broadcastable to the variable's shape) is cast to
the variable's dtype, so ``x * 0.5`` never promotes a float32 variable to float64.
"""
import numpy

from chainer import cuda
from chainer import flag
from chainer import function
from chainer import utils
from chainer.core_functions import broadcast
from chainer.utils import type_check


def _is_number(value):
    # numpy.isscalar is also True for str and bytes, which are no operands
    return numpy.isscalar(value) and not isinstance(value, (str, bytes))


#: (Python number, dtype) -> the number as a numpy scalar of that dtype: making one costs
#: as much as the tiny operation it takes part in.
_casts = {}
_MAX_CASTS = 256


def _constant_value(value, x):
    """Casts a constant operand to the dtype (and array module) of ``x``."""
    if type(value) is float or type(value) is int:
        # The common case (``h * 0.5``), before the general tests: it runs on every
        # forward and backward of a constant operator.
        key = value, x.dtype
        cast = _casts.get(key)
        if cast is None:
            cast = x.dtype.type(value)
            if value:  # 0.0 and -0.0 are one key but two scalars: zeros are not kept
                if len(_casts) >= _MAX_CASTS:
                    _casts.clear()
                _casts[key] = cast
        return cast
    if isinstance(value, (numpy.ndarray, numpy.generic)) or _is_number(value):
        if isinstance(value, numpy.ndarray):
            _check_broadcastable(value, x)
            value = value.astype(x.dtype, copy=False)
            xp = cuda.get_array_module(x)
            return value if xp is numpy else xp.asarray(value)
        return x.dtype.type(value)
    if hasattr(value, '__cuda_array_interface__'):
        _check_broadcastable(value, x)
        return value.astype(x.dtype, copy=False)
    raise _bad_operand(value)


class _OperandError(TypeError, ValueError):
    """An operand that is neither a Variable, a scalar nor an array. Also a
    ValueError, which v1 raised there (for lists and tuples, too)."""


def _bad_operand(value):
    return _OperandError('operand must be a Variable, a scalar or an array, got {}'
                         .format(type(value).__name__))


class _ConstantShapeError(type_check.InvalidType, ValueError):
    """A constant array that does not broadcast to the variable's shape. Chainer v1
    raised ValueError there, v2+ InvalidType: this is both."""


def _check_broadcastable(value, x):
    try:
        fits = numpy.broadcast_shapes(value.shape, x.shape) == x.shape
    except ValueError:
        fits = False
    if not fits:
        raise _ConstantShapeError(
            'constant.shape broadcasts to x.shape',
            'constant.shape = {}, x.shape = {}'.format(value.shape, x.shape),
            'a constant operand of shape {} does not broadcast to the variable\'s '
            'shape {}'.format(value.shape, x.shape))


def _check_same_types(in_types, floats=True):
    # v1: + and - of two variables take any dtype (floats=False), e.g. integer label
    # arrays, as long as both operands share it. Shapes broadcast (v6+; v1 asked for
    # equal shapes, which broadcast trivially).
    type_check.expect(in_types.size() == 2)
    if floats:
        type_check.expect(in_types[0].dtype.kind == 'f')
    type_check.expect(in_types[0].dtype == in_types[1].dtype)
    type_check.expect_broadcast_shapes(in_types[0].shape, in_types[1].shape)


class _Arithmetic(function.Function):
    """Base of the operator nodes: their ``backward`` is written with operations that
    work on Variables as on arrays, so a double backprop differentiates it."""

    _differentiable_backward = True


def _data(x):
    """The array of a Variable, or the array itself."""
    if x.__class__ is _ndarray:  # the common case (every backward of an operator)
        return x
    return x.data if isinstance(x, _Variable) else x


_ndarray = numpy.ndarray


class _Binary(_Arithmetic):
    """A two-operand operator; operands of different shapes broadcast, and their
    gradients are summed back to each operand's shape."""

    _broadcast = False

    def _note_shapes(self, x):
        if x[0].shape != x[1].shape:
            self._broadcast = True

    def _fit(self, x, gxs):
        if not self._broadcast:
            return gxs
        return tuple([None if g is None else broadcast.sum_to(g, xi.shape)
                      for g, xi in zip(gxs, x)])


class Neg(_Arithmetic):
    """``-x``."""

    @property
    def label(self):
        return '__neg__'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, x):
        return utils.force_array(-x[0]),

    def backward(self, x, gy):
        return utils.force_array(-gy[0]),


class Absolute(_Arithmetic):
    """``abs(x)``; the gradient at 0 is taken as 0 (the sign of 0)."""

    @property
    def label(self):
        return '|_|'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, x):
        return utils.force_array(abs(x[0])),

    def backward(self, x, gy):
        x0 = _data(x[0])
        sign = cuda.get_array_module(x0).sign(x0)  # derivative 0 almost everywhere
        return utils.force_array(gy[0] * sign),


class Add(_Binary):
    """``x0 + x1``."""

    @property
    def label(self):
        return '_ + _'

    def check_type_forward(self, in_types):
        _check_same_types(in_types, floats=False)

    def forward(self, x):
        self._note_shapes(x)
        return utils.force_array(x[0] + x[1]),

    def backward(self, x, gy):
        return self._fit(x, (gy[0], gy[0]))


class AddConstant(_Arithmetic):
    """``x + c`` for a constant ``c``."""

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return '_ + %s' % _label_constant(self.value)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, x):
        return utils.force_array(x[0] + _constant_value(self.value, x[0])),

    def backward(self, x, gy):
        return gy[0],


class Sub(_Binary):
    """``x0 - x1``."""

    @property
    def label(self):
        return '_ - _'

    def check_type_forward(self, in_types):
        _check_same_types(in_types, floats=False)

    def forward(self, x):
        self._note_shapes(x)
        return utils.force_array(x[0] - x[1]),

    def backward(self, x, gy):
        return self._fit(x, (gy[0], utils.force_array(-gy[0])))


class SubFromConstant(_Arithmetic):
    """``c - x`` for a constant ``c``."""

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return '%s - _' % _label_constant(self.value)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, x):
        return utils.force_array(_constant_value(self.value, x[0]) - x[0]),

    def backward(self, x, gy):
        return utils.force_array(-gy[0]),


class Mul(_Binary):
    """``x0 * x1``."""

    @property
    def label(self):
        return '_ * _'

    def check_type_forward(self, in_types):
        _check_same_types(in_types)

    def forward(self, x):
        self._note_shapes(x)
        return utils.force_array(x[0] * x[1]),

    def backward(self, x, gy):
        return self._fit(x, (utils.force_array(gy[0] * x[1]),
                             utils.force_array(gy[0] * x[0])))


class MulConstant(_Arithmetic):
    """``x * c`` for a constant ``c``."""

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return '_ * %s' % _label_constant(self.value)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, x):
        return utils.force_array(x[0] * _constant_value(self.value, x[0])),

    def backward(self, x, gy):
        x0 = x[0]
        c = _constant_value(self.value, x0 if x0.__class__ is _ndarray else _data(x0))
        return utils.force_array(gy[0] * c),


class Div(_Binary):
    """``x0 / x1``."""

    @property
    def label(self):
        return '_ / _'

    def check_type_forward(self, in_types):
        _check_same_types(in_types)

    def forward(self, x):
        self._note_shapes(x)
        return utils.force_array(x[0] / x[1]),

    def backward(self, x, gy):
        gx0 = utils.force_array(gy[0] / x[1])
        return self._fit(x, (gx0, utils.force_array(-gx0 * x[0] / x[1])))


class DivFromConstant(_Arithmetic):
    """``c / x`` for a constant ``c``."""

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return '%s / _' % _label_constant(self.value)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, x):
        return utils.force_array(_constant_value(self.value, x[0]) / x[0]),

    def backward(self, x, gy):
        c = _constant_value(self.value, _data(x[0]))
        return utils.force_array(-c * gy[0] / (x[0] * x[0])),


class PowVarVar(_Binary):
    """``x0 ** x1``."""

    @property
    def label(self):
        return '_ ** _'

    def check_type_forward(self, in_types):
        _check_same_types(in_types)

    def forward(self, x):
        self._note_shapes(x)
        self.y = utils.force_array(x[0] ** x[1])
        return self.y,

    def backward(self, x, gy):
        one = x[1].dtype.type(1)  # not the int 1: numpy 1 would promote 0-d inputs
        gx0 = utils.force_array(x[1] * x[0] ** (x[1] - one) * gy[0])
        if isinstance(x[0], _Variable):  # the graph of y and log(x0), not constants
            from chainer.core_functions.log import log
            gx1 = log(x[0]) * (x[0] ** x[1]) * gy[0]
        else:
            xp = cuda.get_array_module(x[0])
            gx1 = utils.force_array(xp.log(x[0]) * self.y * gy[0])
        return self._fit(x, (gx0, gx1))


class PowVarConst(_Arithmetic):
    """``x ** c`` for a constant ``c``."""

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return '_ ** %s' % _label_constant(self.value)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, x):
        return utils.force_array(x[0] ** _constant_value(self.value, x[0])),

    def backward(self, x, gy):
        c = _constant_value(self.value, _data(x[0]))
        # c - 1 in c's own type: numpy 1 gives float64 for a float32 scalar minus an int
        return utils.force_array(c * x[0] ** (c - c.dtype.type(1)) * gy[0]),


class PowConstVar(_Arithmetic):
    """``c ** x`` for a constant ``c``."""

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return '%s ** _' % _label_constant(self.value)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, x):
        self.y = utils.force_array(_constant_value(self.value, x[0]) ** x[0])
        return self.y,

    def backward(self, x, gy):
        x0 = _data(x[0])
        c = _constant_value(self.value, x0)
        log_c = cuda.get_array_module(x0).log(c)
        y = c ** x[0] if isinstance(x[0], _Variable) else self.y  # a graph, or y's data
        return utils.force_array(log_c * y * gy[0]),


def _label_constant(value):
    if numpy.isscalar(value):
        # v1 parenthesizes negative numbers: ``x - 2`` reads ``_ + (-2)``
        return '({})'.format(value) if numpy.real(value) < 0 else str(value)
    return 'constant array'


def _convert_value_to_string(value):
    """The label text of an operand constant, under v1's private name (v1 code and tests
    call it): a number (negative ones parenthesized), or 'constant array' for an array
    or a Variable's array."""
    if _is_variable(value):
        value = value.data
    if not (numpy.isscalar(value) or isinstance(value, (numpy.ndarray, cuda.ndarray))):
        raise ValueError('value must be scalar, ndarray, or Variable, got {}'.format(
            type(value).__name__))
    return _label_constant(value)


def _is_variable(x):
    return x.__class__ is _Variable or isinstance(x, _Variable)


def neg(self):
    """``-x`` (``Variable.__neg__``)."""
    return Neg()(self)


def absolute(self):
    """``abs(x)`` (``Variable.__abs__``)."""
    return Absolute()(self)


def add(self, rhs):
    """``x + rhs`` and ``rhs + x``: a Variable operand gives an
    :class:`Add` node, a constant an :class:`AddConstant` node."""
    if isinstance(rhs, _Variable):
        return Add()(self, rhs)
    wide = _wide_operand(rhs, self)
    if wide is not None:
        return Add()(self, wide)
    return AddConstant(rhs)(self)


def sub(self, rhs):
    """``x - rhs``: a :class:`Sub` node, or an :class:`AddConstant` of
    ``-rhs`` for a constant."""
    if isinstance(rhs, _Variable):
        return Sub()(self, rhs)
    wide = _wide_operand(rhs, self)
    if wide is not None:
        return Sub()(self, wide)
    return AddConstant(-rhs)(self)


def _wide_operand(value, x):
    """Checks a constant operand; when it is an array whose shape broadcasts the
    variable ``x`` to a larger shape (v6+: ``x * a`` with ``x`` of shape ``(3,)`` and
    ``a`` of ``(2, 3)``), returns it as a Variable in ``x``'s dtype that requires no
    gradient, for the two-variable node; else None (numbers, arrays of ``x``'s shape,
    and the shapes the constant nodes report)."""
    if type(value) is float or type(value) is int:
        return None  # the common case (``h * 0.5``), at the cost of one test
    _check_constant(value)
    shape = getattr(value, 'shape', None)
    if not shape or shape == x.shape:  # 0-d constants never widen
        return None
    try:
        if numpy.broadcast_shapes(shape, x.shape) == x.shape:
            return None
    except ValueError:
        return None
    data = value.astype(x.dtype, copy=False)
    xp = cuda.get_array_module(x.data)
    if xp is not numpy and isinstance(data, numpy.ndarray):
        data = xp.asarray(data)
    return _Variable(data, volatile=flag.AUTO, requires_grad=False)


def _check_constant(value):
    if type(value) is float or type(value) is int:
        return  # the common case, before numpy.isscalar
    if not (_is_number(value) or isinstance(value, (numpy.ndarray, numpy.generic))
            or hasattr(value, '__cuda_array_interface__')):
        raise _bad_operand(value)


def rsub(self, lhs):
    """``lhs - x`` for a constant ``lhs`` (:class:`SubFromConstant`)."""
    if isinstance(lhs, _Variable):  # an explicit call with a Variable, which v1 allowed
        return Sub()(lhs, self)
    wide = _wide_operand(lhs, self)
    if wide is not None:
        return Sub()(wide, self)
    return SubFromConstant(lhs)(self)


def mul(self, rhs):
    """``x * rhs`` and ``rhs * x``: a :class:`Mul` node, or a
    :class:`MulConstant` for a constant."""
    if isinstance(rhs, _Variable):
        return Mul()(self, rhs)
    wide = _wide_operand(rhs, self)
    if wide is not None:
        return Mul()(self, wide)
    return MulConstant(rhs)(self)


def div(self, rhs):
    """``x / rhs``: a :class:`Div` node, or a :class:`MulConstant` of
    ``1 / rhs`` for a constant."""
    if isinstance(rhs, _Variable):
        return Div()(self, rhs)
    wide = _wide_operand(rhs, self)
    if wide is not None:
        return Div()(self, wide)
    return MulConstant(1.0 / rhs)(self)


def rdiv(self, lhs):
    """``lhs / x`` for a constant ``lhs`` (:class:`DivFromConstant`)."""
    if isinstance(lhs, _Variable):  # an explicit call with a Variable, which v1 allowed
        return Div()(lhs, self)
    wide = _wide_operand(lhs, self)
    if wide is not None:
        return Div()(wide, self)
    return DivFromConstant(lhs)(self)


def floordiv(self, rhs):
    """``x // rhs``: the floor of the quotient (v2+; :func:`chainer.functions.floor`,
    whose gradient is zero almost everywhere; needs chainer-links)."""
    return _floor(div(self, rhs))


def rfloordiv(self, lhs):
    """``lhs // x``: the floor of ``lhs / x``."""
    return _floor(rdiv(self, lhs))


def _floor(x):
    import chainer
    return chainer.functions.floor(x)


def pow(self, rhs):
    """``x ** rhs``: a :class:`PowVarVar` node, or a :class:`PowVarConst`
    for a constant exponent."""
    if isinstance(rhs, _Variable):
        return PowVarVar()(self, rhs)
    wide = _wide_operand(rhs, self)
    if wide is not None:
        return PowVarVar()(self, wide)
    return PowVarConst(rhs)(self)


def rpow(self, lhs):
    """``lhs ** x`` for a constant base (:class:`PowConstVar`)."""
    if isinstance(lhs, _Variable):  # an explicit call with a Variable, which v1 allowed
        return PowVarVar()(lhs, self)
    wide = _wide_operand(lhs, self)
    if wide is not None:
        return PowVarVar()(wide, self)
    return PowConstVar(lhs)(self)


def matmul(self, rhs):
    """``x @ rhs`` (see :mod:`chainer.core_functions.matmul_operator`)."""
    from chainer.core_functions import matmul_operator
    return matmul_operator.matmul(self, rhs)


def rmatmul(self, lhs):
    """``lhs @ x`` for a constant array ``lhs`` (see
    :mod:`chainer.core_functions.matmul_operator`)."""
    from chainer.core_functions import matmul_operator
    return matmul_operator.rmatmul(self, lhs)


def _getitem(self, slices):
    from chainer.core_functions.get_item import get_item
    return get_item(self, slices)


_Variable = None


def install_variable_operators(variable_class):
    """Installs the arithmetic operators on :class:`chainer.Variable`."""
    global _Variable
    _Variable = variable_class
    v = variable_class
    v.__neg__ = neg
    v.__abs__ = absolute
    v.__add__ = add
    v.__radd__ = add
    v.__sub__ = sub
    v.__rsub__ = rsub
    v.__mul__ = mul
    v.__rmul__ = mul
    v.__truediv__ = div
    v.__rtruediv__ = rdiv
    v.__div__ = div
    v.__rdiv__ = rdiv
    v.__floordiv__ = floordiv
    v.__rfloordiv__ = rfloordiv
    v.__pow__ = pow
    v.__rpow__ = rpow
    v.__matmul__ = matmul
    v.__rmatmul__ = rmatmul
    v.__getitem__ = _getitem
    v.__array_ufunc__ = None  # numpy defers binary operators to the Variable
