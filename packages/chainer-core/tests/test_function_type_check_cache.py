"""Function.__call__ skips a type check that already passed for the same input types
(and the same values of the attributes of ``self`` it reads), when the check reads
nothing else (decided from its bytecode)."""
import types

import numpy
import pytest

import chainer
from chainer import _type_check_memo
from chainer.utils import type_check

CALLS = []


class _InputsOnly(chainer.Function):
    def check_type_forward(self, in_types):
        CALLS.append(1)  # a global, not self: the outcome depends on in_types alone
        type_check.expect(in_types.size() == 1, in_types[0].dtype == numpy.float32,
                          in_types[0].ndim == 1)

    def forward(self, inputs):
        return inputs[0] * 2,


class _ReadsSelf(chainer.Function):
    def __init__(self, ndim):
        self.ndim = ndim

    def check_type_forward(self, in_types):
        CALLS.append(1)
        type_check.expect(in_types[0].ndim == self.ndim)

    def forward(self, inputs):
        return inputs[0],


class _CallsAMethod(_ReadsSelf):
    def limit(self):
        return self.ndim

    def check_type_forward(self, in_types):
        CALLS.append(1)
        type_check.expect(in_types[0].ndim == self.limit())


class _ReadsAProperty(_ReadsSelf):
    @property
    def wanted(self):
        return self.ndim

    def check_type_forward(self, in_types):
        CALLS.append(1)
        type_check.expect(in_types[0].ndim == self.wanted)


class _PassesItself(_ReadsSelf):
    def check_type_forward(self, in_types):
        CALLS.append(1)
        _expect_ndim(self, in_types)


class _StoresOnItself(_ReadsSelf):
    def check_type_forward(self, in_types):
        CALLS.append(1)
        self.seen = in_types[0].ndim
        type_check.expect(in_types[0].ndim == self.ndim)


def _expect_ndim(function_, in_types):
    type_check.expect(in_types[0].ndim == function_.ndim)


_CLASSES = (_InputsOnly, _ReadsSelf, _CallsAMethod, _ReadsAProperty, _PassesItself,
            _StoresOnItself)


@pytest.fixture(autouse=True)
def _fresh():
    del CALLS[:]
    if not _InputsOnly.type_check_enable:
        pytest.skip('type checking is off (CHAINER_TYPE_CHECK=0)')
    for cls in _CLASSES:
        _type_check_memo._passed_checks.pop(id(cls), None)


def test_a_passed_check_is_not_run_again_for_the_same_types():
    x = numpy.ones(3, 'f')
    for _ in range(3):
        _InputsOnly()(x)
    assert len(CALLS) == 1
    _InputsOnly()(numpy.ones(4, 'f'))  # another shape: checked
    assert len(CALLS) == 2


def test_a_failed_check_fails_every_time():
    for _ in range(2):
        with pytest.raises(type_check.InvalidType):
            _InputsOnly()(numpy.ones(3, 'd'))
    assert len(CALLS) >= 2 * 2  # light and full pass each time
    assert _type_check_memo._passed_checks[id(_InputsOnly)] == {}


def test_a_check_reading_attributes_is_remembered_with_their_values():
    x = numpy.ones(3, 'f')
    _ReadsSelf(1)(x)
    _ReadsSelf(1)(x)
    assert len(CALLS) == 1
    assert _type_check_memo._passed_checks[id(_ReadsSelf)].attributes == ('ndim',)
    with pytest.raises(type_check.InvalidType):
        _ReadsSelf(2)(x)  # same types, other configuration: must fail
    calls = len(CALLS)
    _ReadsSelf(True)(x)  # equal to 1, but of another type: checked again
    _ReadsSelf(numpy.int64(1))(x)  # likewise
    assert len(CALLS) == calls + 2


class _Mutable(object):
    def __init__(self, ndim):
        self.ndim = ndim

    def __eq__(self, other):
        return other == self.ndim

    __hash__ = object.__hash__


@pytest.mark.parametrize('make', [numpy.array, _Mutable], ids=['array', 'object'])
def test_an_attribute_that_is_not_a_plain_value_is_checked_every_time(make):
    x = numpy.ones(3, 'f')
    value = make(1)
    for _ in range(2):
        _ReadsSelf(value)(x)
    assert len(CALLS) == 2


@pytest.mark.parametrize('value', [(1, [1]), (1, (2,)), [1], {}, _Mutable(1)])
def test_value_key_refuses_what_may_change(value):
    with pytest.raises(TypeError):
        _type_check_memo._value_key(value)


def test_value_key_of_plain_values():
    assert _type_check_memo._value_key((1, 2.0)) == (tuple, ((int, 1), (float, 2.0)))
    assert _type_check_memo._value_key(numpy.int32(3)) == (numpy.int32, 3)
    assert _type_check_memo._value_key(None) == (type(None), None)


def test_a_changed_object_attribute_is_checked_again():
    x = numpy.ones(3, 'f')
    value = _Mutable(1)
    _ReadsSelf(value)(x)
    value.ndim = 2  # hashed by identity: must not count as the value that passed
    with pytest.raises(type_check.InvalidType):
        _ReadsSelf(value)(x)


def test_a_tuple_attribute_is_remembered():
    x = numpy.ones(3, 'f')

    class _Shape(_ReadsSelf):
        def check_type_forward(self, in_types):
            CALLS.append(1)
            type_check.expect(in_types[0].shape == self.ndim)

    _Shape((3,))(x)
    _Shape((3,))(x)
    assert len(CALLS) == 1
    with pytest.raises(type_check.InvalidType):
        _Shape((4,))(x)


@pytest.mark.parametrize('cls', [_CallsAMethod, _ReadsAProperty, _PassesItself,
                                 _StoresOnItself])
def test_a_check_that_does_more_with_the_instance_runs_every_time(cls):
    x = numpy.ones(3, 'f')
    cls(1)(x)
    cls(1)(x)
    assert len(CALLS) == 2
    with pytest.raises(type_check.InvalidType):
        cls(2)(x)
    assert _type_check_memo._passed_checks[id(cls)] is None


def test_a_check_set_on_the_instance_runs_every_time():
    x = numpy.ones(3, 'f')
    f = _InputsOnly()
    f(x)
    seen = []
    g = _InputsOnly()
    g.check_type_forward = lambda in_types: seen.append(in_types)
    g(x)
    assert len(seen) == 1


def test_a_method_of_another_function_set_on_the_instance_runs_every_time():
    x = numpy.ones(3, 'f')
    _InputsOnly()(x)
    f = _InputsOnly()
    f.ndim = 2
    f.check_type_forward = types.MethodType(_ReadsSelf.check_type_forward, f)
    with pytest.raises(type_check.InvalidType):
        f(x)  # its own check reads f.ndim: the types _InputsOnly passed do not count


def test_the_record_of_passed_types_is_bounded(monkeypatch):
    monkeypatch.setattr(_type_check_memo, "_MAX_PASSED_CHECKS", 2)
    for n in range(1, 6):
        _InputsOnly()(numpy.ones(n, 'f'))
    assert 1 <= len(_type_check_memo._passed_checks[id(_InputsOnly)]) <= 2


def _closure_check(limit):
    def check(self_like, in_types):
        type_check.expect(in_types[0].ndim == limit)
    return check


@pytest.mark.parametrize('method, expected', [
    (_InputsOnly.check_type_forward, True),
    (_ReadsSelf.check_type_forward, False),
    (chainer.Function.check_type_forward, True),
    (_closure_check(1), False),
    (lambda self, *in_types: None, False),
    (len, False),
])
def test_reads_only_its_argument(method, expected):
    assert (_type_check_memo._attributes_read(None, method) == ()) is expected


@pytest.mark.parametrize('cls, expected', [
    (_InputsOnly, ()),
    (_ReadsSelf, ('ndim',)),
    (_CallsAMethod, None),
    (_ReadsAProperty, None),
    (_PassesItself, None),
    (_StoresOnItself, None),
])
def test_attributes_read(cls, expected):
    assert _type_check_memo._attributes_read(cls, cls.check_type_forward) == expected
