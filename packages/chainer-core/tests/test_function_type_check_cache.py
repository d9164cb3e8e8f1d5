"""Function.__call__ skips a type check that already passed for the same input types,
when the check reads nothing but its argument (decided from its bytecode)."""
import types

import numpy
import pytest

import chainer
from chainer import function
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


@pytest.fixture(autouse=True)
def _fresh():
    del CALLS[:]
    if not _InputsOnly.type_check_enable:
        pytest.skip('type checking is off (CHAINER_TYPE_CHECK=0)')
    function._passed_checks.pop(_InputsOnly, None)
    function._passed_checks.pop(_ReadsSelf, None)


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
    assert function._passed_checks[_InputsOnly] == {}


def test_a_check_reading_the_instance_runs_every_time():
    x = numpy.ones(3, 'f')
    _ReadsSelf(1)(x)
    _ReadsSelf(1)(x)
    assert len(CALLS) == 2
    with pytest.raises(type_check.InvalidType):
        _ReadsSelf(2)(x)  # same types, other configuration: must fail
    assert function._passed_checks[_ReadsSelf] is None


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
    monkeypatch.setattr(function, '_MAX_PASSED_CHECKS', 2)
    for n in range(1, 6):
        _InputsOnly()(numpy.ones(n, 'f'))
    assert 1 <= len(function._passed_checks[_InputsOnly]) <= 2


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
    assert function._reads_only_its_argument(method) is expected
