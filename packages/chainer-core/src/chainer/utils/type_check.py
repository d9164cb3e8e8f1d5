"""Type checking of function inputs.

Expressions over input types are built lazily as small syntax trees (:class:`Expr`), so
that a failed check can report both the condition it expected and the actual values::

    type_check.expect(in_types.size() == 1, in_types[0].ndim == 2)

For speed, :class:`chainer.Function` first runs a check in *light mode*: the same
``check_type_forward`` code runs on plain values (shapes, dtypes, ints) and no tree is
built. Only when that light pass fails is the check repeated with expressions, to build
the readable :class:`InvalidType` message. Code in ``check_type_forward`` should
therefore read values with :func:`eval` (``type_check.eval(x_type.ndim)``) rather than
``x_type.ndim.eval()``, which works in full mode only.

Set the environment variable ``CHAINER_TYPE_CHECK=0`` to switch checking off.
"""
import contextlib
import operator
import os
import threading

import numpy

from chainer.utils._errors import ArgumentAssertionError

_local = threading.local()


def _in_light_mode():
    return getattr(_local, 'light', False)


class _LightModeFailure(Exception):
    """Raised inside a light-mode check when a condition is False."""


_check_context = threading.local()


def _expect_actual(expect, actual):
    return 'Expect: {0}\nActual: {1}'.format(expect, actual)


def _function_message(function, msg):
    """The message of a failed type check of ``function``'s inputs: v1's header naming
    the function (its ``label``), then ``msg``."""
    return 'Invalid operation is performed in: {0} (Forward)\n\n{1}'.format(
        function.label, msg)


@contextlib.contextmanager
def get_function_check_context(function):
    """Context in which a failing type check names ``function`` (v1.24): an
    :class:`InvalidType` raised inside reads ``Invalid operation is performed in:
    <function.label> (Forward)`` before its ``Expect:``/``Actual:`` lines. Per thread."""
    previous = getattr(_check_context, 'function', None)
    _check_context.function = function
    try:
        yield
    finally:
        _check_context.function = previous


class InvalidType(Exception):
    """Raised when the types of a function's inputs are not the expected ones.

    Attributes:
        expect (str): the condition that was expected, as an expression.
        actual (str): the same condition with the actual values filled in.
    """

    def __init__(self, expect, actual, msg=None):
        if msg is None:
            msg = _expect_actual(expect, actual)
            function = getattr(_check_context, 'function', None)
            if function is not None:
                msg = _function_message(function, msg)
        super(InvalidType, self).__init__(msg)
        self.expect = expect
        self.actual = actual

    def __reduce__(self):
        return InvalidType, (self.expect, self.actual, self.args[0])


class Expr(object):
    """Abstract syntax tree of an expression over input types.

    It is not a value: :meth:`eval` computes the value and ``str()`` gives the syntax.
    Comparison and arithmetic operators build new expressions. Expressions cannot be
    converted to bool (use :func:`expect`).
    """

    def __init__(self, priority):
        self.priority = priority

    def eval(self):
        """Evaluates the tree and returns its actual value."""
        raise NotImplementedError('Expr subclasses define eval()')  # abstract base

    def __bool__(self):
        raise RuntimeError("Don't convert Expr to bool. Please call Expr.eval method "
                           "to evaluate expression.")

    __nonzero__ = __bool__

    def __hash__(self):
        return id(self)

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return GetAttr(self, name)

    def __getitem__(self, key):
        return GetItem(self, key)

    def __call__(self, *args):
        """The expression ``self(*args)``: a :class:`Call` whose :meth:`eval` calls
        this expression's value with the values of ``args``."""
        return Call(self, args)

    def __neg__(self):
        return UnaryOperator(_UNARY_PRIORITY, self, '-', operator.neg)

    def __pos__(self):
        return UnaryOperator(_UNARY_PRIORITY, self, '+', operator.pos)

    def __invert__(self):
        return UnaryOperator(_UNARY_PRIORITY, self, '~', operator.invert)


def _make_binary(op_str, priority, func, right_assoc=False, reflected=False):
    def method(self, other):
        if reflected:
            return BinaryOperator(priority, other, self, op_str, func, right_assoc)
        return BinaryOperator(priority, self, other, op_str, func, right_assoc)
    return method


# Priorities as v1 numbers them (higher binds tighter): atoms 8, ``**`` 7, unary
# operators 6, ``* / // %`` 5, ``+ -`` 4, shifts 3, ``&`` 2, ``^`` 1, ``|`` 0 and
# comparisons -1.
_ATOM_PRIORITY = 8
_UNARY_PRIORITY = 6
_COMPARISON_PRIORITY = -1
_BINARY = [
    # name, symbol, priority, function, right associative
    ('pow', '**', 7, operator.pow, True),
    ('mul', '*', 5, operator.mul, False),
    ('truediv', '/', 5, operator.truediv, False),
    ('floordiv', '//', 5, operator.floordiv, False),
    ('mod', '%', 5, operator.mod, False),
    ('add', '+', 4, operator.add, False),
    ('sub', '-', 4, operator.sub, False),
    ('lshift', '<<', 3, operator.lshift, False),
    ('rshift', '>>', 3, operator.rshift, False),
    ('and', '&', 2, operator.and_, False),
    ('xor', '^', 1, operator.xor, False),
    ('or', '|', 0, operator.or_, False),
]
for _name, _sym, _prio, _func, _rassoc in _BINARY:
    setattr(Expr, '__%s__' % _name, _make_binary(_sym, _prio, _func, _rassoc))
    setattr(Expr, '__r%s__' % _name, _make_binary(_sym, _prio, _func, _rassoc, True))

_COMPARISONS = [
    ('eq', '==', operator.eq, '!='), ('ne', '!=', operator.ne, '=='),
    ('lt', '<', operator.lt, '>='), ('le', '<=', operator.le, '>'),
    ('gt', '>', operator.gt, '<='), ('ge', '>=', operator.ge, '<'),
]


def _make_comparison(op_str, func, inverse):
    def method(self, other):
        return BoolBinaryOperator(self, other, op_str, inverse, func)
    return method


for _name, _sym, _func, _inv in _COMPARISONS:
    setattr(Expr, '__%s__' % _name, _make_comparison(_sym, _func, _inv))


def _eval_expr(v):
    if isinstance(v, Expr):
        return v.eval()
    if type(v) in (list, tuple):  # v1: expressions may sit inside lists and tuples
        return type(v)(_eval_expr(item) for item in v)
    return v


def _repr(v):
    """How a value reads in the ``Expect:`` line: as written in code (v1: its repr,
    ``<class 'numpy.float32'>`` for a dtype given as a numpy type)."""
    if isinstance(v, Expr):
        return str(v)
    if isinstance(v, numpy.generic):
        return repr(v.item())  # numpy 2 would print np.int64(7)
    if type(v) is list:
        return '[{}]'.format(', '.join(map(_repr, v)))
    if type(v) is tuple:
        return '({},)'.format(_repr(v[0])) if len(v) == 1 else \
            '({})'.format(', '.join(map(_repr, v)))
    return repr(v)


def _repr_value(v):
    """How an evaluated value reads in the ``Actual:`` line: its str, as in v1
    (``Actual: float64 != <class 'numpy.float32'>``)."""
    return str(v)


class Atom(Expr):
    """An expression that is not an operation (a constant or a named variable); it
    binds tighter than every operator, so it is never parenthesized."""

    def __init__(self):
        super(Atom, self).__init__(_ATOM_PRIORITY)


class Constant(Atom):
    """An expression holding a literal value."""

    def __init__(self, value):
        super(Constant, self).__init__()
        self.value = value

    def __str__(self):
        return _repr(self.value)

    def eval(self):
        return self.value


class Variable(Atom):
    """A named value: ``str()`` shows the name, :meth:`eval` returns the value."""

    def __init__(self, value, name):
        super(Variable, self).__init__()
        self.value = value
        self.name = name

    def __str__(self):
        return self.name

    def eval(self):
        return self.value


class GetAttr(Atom):
    """``obj.name`` as an expression."""

    def __init__(self, obj, name):
        super(GetAttr, self).__init__()
        self.obj = obj
        self.name = name

    def __str__(self):
        name = self.name.value if isinstance(self.name, Constant) else self.name
        if isinstance(name, str):
            return '{0}.{1}'.format(_paren(self.obj, 0), name)
        return 'getattr({0}, {1})'.format(_repr(self.obj), _repr(self.name))

    def eval(self):
        return getattr(_eval_expr(self.obj), _eval_expr(self.name))


def _str_key(key):
    if isinstance(key, slice):
        parts = ['' if key.start is None else _repr(key.start),
                 '' if key.stop is None else _repr(key.stop)]
        if key.step is not None:
            parts.append(_repr(key.step))
        return ':'.join(parts)
    if isinstance(key, tuple):
        return ', '.join(_str_key(k) for k in key)
    if key is Ellipsis:
        return '...'
    return _repr(key)


def _eval_key(key):
    if isinstance(key, slice):
        return slice(_eval_expr(key.start), _eval_expr(key.stop), _eval_expr(key.step))
    if isinstance(key, tuple):
        return tuple(_eval_key(k) for k in key)
    return _eval_expr(key)


class GetItem(Atom):
    """``obj[key]`` as an expression."""

    def __init__(self, obj, key):
        super(GetItem, self).__init__()
        self.obj = obj
        self.key = key

    def __str__(self):
        return '{0}[{1}]'.format(_paren(self.obj, 0), _str_key(self.key))

    def eval(self):
        return _eval_expr(self.obj)[_eval_key(self.key)]


class Call(Atom):
    """``fn(*args)`` as an expression."""

    def __init__(self, obj, args):
        super(Call, self).__init__()
        self.obj = obj
        self.args = args

    def __str__(self):
        return '{0}({1})'.format(_paren(self.obj, 0),
                                 ', '.join(_repr(a) for a in self.args))

    def eval(self):
        return _eval_expr(self.obj)(*[_eval_expr(a) for a in self.args])


def _paren(expr, priority, inclusive=False):
    """``expr`` as an operand of an operator of ``priority``: in parentheses when it
    binds more loosely (or equally, where ``inclusive``: the operand on the side that
    the operator does not associate to)."""
    s = _repr(expr)
    if isinstance(expr, Expr) and (expr.priority < priority or
                                   inclusive and expr.priority == priority):
        return '(' + s + ')'
    return s


class UnaryOperator(Expr):
    """An expression applying a one-operand operator: ``exp`` is its symbol (``-``,
    ``~``, ...), ``func`` computes it on the value of ``term``."""

    def __init__(self, priority, term, exp, func):
        super(UnaryOperator, self).__init__(priority)
        self.term = term
        self.exp = exp
        self.func = func

    def __str__(self):
        return self.exp + _paren(self.term, self.priority)

    def eval(self):
        return self.func(_eval_expr(self.term))


class BinaryOperator(Expr):
    """An expression applying a two-operand operator: ``exp`` is its symbol (``+``,
    ``==``, ...), ``func`` computes it on the values of ``lhs`` and ``rhs``; the
    operands are parenthesized by ``priority`` (and ``right_associative``) as in v1."""

    def __init__(self, priority, lhs, rhs, exp, func, right_associative=False):
        super(BinaryOperator, self).__init__(priority)
        self.lhs = lhs
        self.rhs = rhs
        self.exp = exp
        self.func = func
        self.right_associative = right_associative

    def __str__(self):
        right = self.right_associative
        return '{0} {1} {2}'.format(_paren(self.lhs, self.priority, inclusive=right),
                                    self.exp,
                                    _paren(self.rhs, self.priority, inclusive=not right))

    def eval(self):
        return self.func(_eval_expr(self.lhs), _eval_expr(self.rhs))


class Testable(object):
    """What :func:`expect` checks: an object with an ``expect()`` method that raises
    :class:`InvalidType` when its condition does not hold (v1's base of comparisons)."""

    def expect(self):
        """Checks the condition; raises :class:`InvalidType` when it does not hold."""
        raise NotImplementedError('Testable subclasses define expect()')  # abstract


class BoolBinaryOperator(BinaryOperator, Testable):
    """A comparison: the unit that :func:`expect` checks (v1's class and arguments).

    Args:
        lhs, rhs: the operands (expressions or values).
        exp (str): the operator, e.g. ``'=='``.
        inv (str): the inverse operator, shown in the ``Actual:`` line when the check
            fails, e.g. ``'!='``.
        func: ``func(left_value, right_value) -> bool``.
    """

    def __init__(self, lhs, rhs, exp, inv, func):
        super(BoolBinaryOperator, self).__init__(_COMPARISON_PRIORITY, lhs, rhs, exp, func)
        self.inverse = inv

    def expect(self):
        """Evaluates both operands and compares them; raises :class:`InvalidType`
        (showing the comparison and the actual values with the inverse operator) when
        the comparison is false."""
        left = _eval_expr(self.lhs)
        right = _eval_expr(self.rhs)
        if not self.func(left, right):
            raise InvalidType(
                str(self),
                '{0} {1} {2}'.format(_repr_value(left), self.inverse,
                                     _repr_value(right)))


class TypeInfo(object):
    """Type information of one input array: ``shape``, ``dtype`` and ``ndim``.

    The attributes are plain values (the shape tuple, the numpy dtype, an int). Inside
    ``check_type_forward`` an element of ``in_types`` is this object in light mode and,
    in full mode, a named expression whose :meth:`~Expr.eval` returns it (as documented
    for Chainer v1, ``x_type.eval()`` is a TypeInfo); ``x_type.eval()`` works in both.

    Args:
        shape (tuple of ints): shape of the array.
        dtype (numpy.dtype): data type of the array.
    """

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype
        self.ndim = len(shape)

    def eval(self):
        """Returns this object: a TypeInfo is its own value (see :func:`eval`)."""
        return self


class TypeInfoTuple(tuple):
    """Tuple of :class:`TypeInfo`, one per input."""

    def _set_name(self, name):
        self.name = name

    def size(self):
        """Returns the number of elements as an expression (a plain int in light mode)."""
        if _in_light_mode():
            return len(self)
        return Variable(len(self), '{0}.size'.format(self.name))


class LightTypeInfoTuple(TypeInfoTuple):
    """The light-mode :class:`TypeInfoTuple` (still one, as v1 code may check):
    ``size()`` is a plain int and the name a class attribute, so that the fast pass
    sets nothing per call."""

    name = 'in_types'

    def size(self):
        """Returns the number of elements (a plain int)."""
        return len(self)


_LightTypeInfoTuple = LightTypeInfoTuple


class _LightTypeInfo(TypeInfo):
    """The light-mode :class:`TypeInfo` of input ``index``: it answers ``name`` as v1's
    named expression did (``in_types[0]``), built only when asked for."""

    def __init__(self, shape, dtype, index):
        self.shape = shape
        self.dtype = dtype
        self.ndim = len(shape)
        self._index = index

    @property
    def name(self):
        """The name of the input, ``in_types[i]``."""
        return 'in_types[{}]'.format(self._index)


def _light_types(data):
    try:
        return _LightTypeInfoTuple([_LightTypeInfo(d.shape, d.dtype, i)
                                    for i, d in enumerate(data)])
    except AttributeError:
        # an input given as None (v7 allows it): None among the types too
        return _LightTypeInfoTuple([None if d is None else _LightTypeInfo(
            d.shape, d.dtype, i) for i, d in enumerate(data)])


def get_types(data, name, accept_none, shapes=None):
    """Builds the :class:`TypeInfoTuple` of ``data``: :class:`TypeInfo` objects in
    light mode, expressions named ``name[i]`` evaluating to them in full mode.
    ``shapes`` (v7) gives the shape each array is checked with instead of its own."""
    if not isinstance(data, (tuple, list)):
        raise ArgumentAssertionError('get_types takes a tuple of arrays, got {}'.format(
            type(data).__name__))
    light = _in_light_mode()
    infos = []
    for i, d in enumerate(data):
        if d is None:  # a missing gradient, or an input given as None (v7)
            infos.append(None)
            continue
        info = TypeInfo(d.shape if shapes is None else tuple(shapes[i]), d.dtype)
        # full mode: a named expression, so that messages read ``in_types[0].ndim``
        infos.append(info if light else Variable(info, '{0}[{1}]'.format(name, i)))
    info = TypeInfoTuple(infos)
    info._set_name(name)
    return info


def expect(*bool_exprs):
    """Evaluates and tests the given expressions in order.

    Raises:
        InvalidType: at the first condition that does not hold, with the condition
            and its actual values in the message.
    """
    for e in bool_exprs:
        if e is True or e.__class__ is numpy.bool_ and e:
            continue  # the light pass: a plain condition that holds
        break
    else:
        return
    if _in_light_mode():
        for e in bool_exprs:
            if isinstance(e, Expr):  # a user-built Variable/Constant expression
                if not e.eval():
                    raise _LightModeFailure
            elif not e:
                raise _LightModeFailure
        return
    for e in bool_exprs:
        if isinstance(e, Testable):
            e.expect()
        elif isinstance(e, (bool, numpy.bool_)):
            # a condition computed from type_check.eval() values: the light pass
            # accepts it, so the full pass must too (and report it when False)
            if not e:
                raise InvalidType('a condition on values read with type_check.eval',
                                  'False')
        else:
            raise TypeError('expect() takes comparisons of type expressions or bools, '
                            'got {!r}'.format(e))


def eval(exp):
    """Returns the value of an expression (or the value itself in light mode)."""
    if isinstance(exp, Expr):
        return exp.eval()
    return exp


def make_variable(value, name):
    """Returns ``value`` as a named :class:`Variable` (the plain value in light mode)."""
    if _in_light_mode():
        return value
    return Variable(value, name)


def _prod_func(values):
    result = 1
    for v in values:
        result *= v
    return result


class _Product(Variable):
    """The ``prod`` of type checks: as in v1 a :class:`Variable` named 'prod' holding
    ``numpy.prod``; called on an expression it builds the call, on a plain sequence (the
    light pass) it returns the product itself."""

    def __call__(self, values):
        if isinstance(values, Expr) or not _in_light_mode():
            return Call(self, (values,))
        return _prod_func(values)


#: Product of a shape (or any sequence), usable inside expressions: ``prod(x.shape)``.
prod = _Product(numpy.prod, 'prod')


def same_types(*arrays):
    """Whether all arrays are of one kind: all numpy arrays (subclasses included, as in
    v1) or all of one GPU array type."""
    if all(isinstance(a, numpy.ndarray) for a in arrays):
        return True
    return len(set(type(a) for a in arrays)) <= 1


class _LightMode(object):
    def __enter__(self):
        self._prev = getattr(_local, 'light', False)
        _local.light = True

    def __exit__(self, *args):
        _local.light = self._prev


#: Context manager that runs the checks inside it in light mode: conditions are
#: plain values and a failing one raises at once, without building a message.
light_mode = _LightMode()


def run_check(check, data, name='in_types'):
    """Runs ``check(in_types)`` on ``data``: fast light pass, full pass on failure.

    Raises:
        InvalidType: when the check fails, with the readable message.
    """
    prev = getattr(_local, 'light', False)
    _local.light = True
    try:
        check(_light_types(data) if name == 'in_types' else get_types(data, name, False))
        return
    except _LightModeFailure:
        pass
    except (IndexError, TypeError, AttributeError, ValueError, KeyError):
        pass  # e.g. shape[1] on a 1-d input: the full pass reports it properly
    finally:
        _local.light = prev
    _local.light = False
    try:
        check(get_types(data, name, False))
    except InvalidType:
        raise
    except IndexError as e:
        raise InvalidType('a valid index into the input types',
                          'IndexError: {}'.format(e))
    finally:
        _local.light = prev


_enabled = os.environ.get('CHAINER_TYPE_CHECK', '1') != '0'


def is_enabled():
    """Whether type checking is on (``CHAINER_TYPE_CHECK=0`` turns it off)."""
    return _enabled


from chainer.utils._type_check_v7 import (  # noqa: E402,F401
    LightMode, expect_broadcast_shapes, get_light_types, in_light_mode)
