"""The memo of passed type checks behind ``Function.__call__``.

A v1 :class:`~chainer.Function` checks its inputs' types at every call
(``check_type_forward``). Most checks read nothing but the input types: once such a
check passed for some types, it passes again, so a tiny operation need not pay for it
twice. Whether a class's check reads only the input types (and plain attributes of
``self``, whose values then join the key) is decided once per class from the check's
bytecode; checks that do anything else run at every call.
"""
import dis
import inspect
import sys

import numpy

from chainer import _per_class
from chainer.configuration import config

#: Per Function class (keyed by its id, see :mod:`chainer._per_class`): the input
#: types (array class, dtype, shape of each input) its ``check_type_forward`` passed,
#: with the values of the attributes of ``self`` it reads, when that check reads
#: nothing else (so that it cannot pass for some instances and fail for others with
#: the same key); None otherwise.
_passed_checks = {}
_UNKNOWN = object()
_MAX_PASSED_CHECKS = 512


class _PassedChecks(dict):
    """The keys a class's type check passed for, and the names of the attributes of
    ``self`` the check reads (their types and values are part of each key)."""

    __slots__ = ('attributes',)

    def __init__(self, attributes):
        super(_PassedChecks, self).__init__()
        self.attributes = attributes


def _passed_checks_of(cls):
    attributes = _attributes_read(cls, cls.check_type_forward)
    passed = None if attributes is None else _PassedChecks(attributes)
    return _per_class.remember(_passed_checks, cls, passed)


def _attributes_read(cls, method):
    """The names of the attributes of ``self`` that the method ``(self, in_types)``
    reads, when reading plain attributes is all it does with ``self`` (no method call,
    no store, ``self`` not passed on) and it has no closure; else None. Decided from its
    bytecode. With ``cls`` None no attribute is allowed; else an attribute that ``cls``
    defines as a method, property or other descriptor disqualifies the method (reading
    it runs code)."""
    code = getattr(method, '__code__', None)
    if code is None or code.co_argcount != 2 or code.co_freevars or code.co_cellvars \
            or code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        return None
    self_name = code.co_varnames[0]
    instructions = list(dis.get_instructions(code))
    names = []
    for i, instruction in enumerate(instructions):
        value = instruction.argval
        if 'FAST' not in instruction.opname or not (
                value == self_name or isinstance(value, tuple) and self_name in value):
            continue
        # allowed: a load of self (alone, or last of a pair of loads) then LOAD_ATTR
        last = value[-1] if isinstance(value, tuple) else value
        if not instruction.opname.startswith('LOAD_FAST') or last != self_name or \
                isinstance(value, tuple) and self_name in value[:-1]:
            return None
        name = _plain_attribute_load(instructions[i + 1:i + 2])
        if cls is None or name is None or \
                hasattr(inspect.getattr_static(cls, name, None), '__get__'):
            return None
        if name not in names:
            names.append(name)
    return tuple(names)


#: Classes of the attribute values a passed type check is remembered with: values that
#: cannot change (tuples of them too). Their class is part of the key (1, 1.0 and True
#: are equal, and a check may tell them apart).
_PLAIN_VALUES = frozenset([type(None), bool, int, float, str, numpy.dtype])


def _value_key(value):
    """``(class, value)`` for a plain value (see :data:`_PLAIN_VALUES`; numpy scalars
    and flat tuples of plain values count too); raises TypeError for anything else."""
    cls = value.__class__
    if _is_plain(value):
        return cls, value
    if cls is tuple and all([_is_plain(v) for v in value]):
        return cls, tuple([(v.__class__, v) for v in value])
    raise TypeError('not a plain value')


def _is_plain(value):
    return value.__class__ in _PLAIN_VALUES or isinstance(value, numpy.generic)


def _plain_attribute_load(following):
    # The attribute name when the instruction is a LOAD_ATTR of a value, not of a
    # method to call (LOAD_METHOD before Python 3.12, the low bit of the argument
    # from 3.12 on).
    if not following or following[0].opname != 'LOAD_ATTR':
        return None
    instruction = following[0]
    if sys.version_info >= (3, 12) and instruction.arg & 1:
        return None
    return instruction.argval


def check_types_once(self, in_data):
    """Runs ``self``'s type check of ``in_data`` unless it passed for their types (and
    the values of the attributes it reads) before; the method
    ``Function._check_types_once``."""
    cls = self.__class__
    passed = _passed_checks.get(id(cls), _UNKNOWN)
    if passed is _UNKNOWN:
        passed = _passed_checks_of(cls)
    # A check set on the instance (v1 allows it) always runs. It is told from the
    # class's by the bound method: reading self.__dict__ would turn the instance's
    # attributes into a dict, which makes every later access to them slower (a
    # tenth of a tiny operation's time on Python 3.11).
    if passed is None or getattr(self.check_type_forward, '__func__', None) \
            is not cls.check_type_forward:
        if config.type_check:
            self._check_data_type_forward(in_data)
        return
    # The check reads the input types alone: once it passed for these types, it
    # passes again. (A single input's key is its triple: no tuple of tuples can
    # equal it, as the first item of a triple is a class.)
    try:
        if len(in_data) == 1:
            d = in_data[0]
            key = d.__class__, d.dtype, d.shape
        else:
            key = tuple([(d.__class__, d.dtype, d.shape) for d in in_data])
        if passed.attributes:
            key = (key,) + tuple([_value_key(getattr(self, a))
                                  for a in passed.attributes])
    except (AttributeError, TypeError):
        # an input given as None (v7), an attribute unset or not a plain value
        # (an array, an object whose state may change): not remembered
        if config.type_check:
            self._check_data_type_forward(in_data)
        return
    if key not in passed and config.type_check:
        # (a check that passed passes again: chainer.config.type_check is read
        # only where a check would run)
        self._check_data_type_forward(in_data)
        if len(passed) >= _MAX_PASSED_CHECKS:
            passed.clear()
        passed[key] = True
