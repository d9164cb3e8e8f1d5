"""FunctionTestCase and LinkTestCase share one retry on non-differentiable points."""
import pytest

from chainer import gradient_check
from chainer.testing import _case_checks


class _Case(object):
    def __init__(self, dodge):
        self.dodge_nondifferentiable = dodge


def _failing_then(result, failures):
    calls = []

    def check():
        calls.append(None)
        if len(calls) <= failures:
            raise gradient_check.NondifferentiableError('kink')
        return result
    return check, calls


def test_retries_until_a_differentiable_draw_when_dodging():
    check, calls = _failing_then('ok', 2)
    assert _case_checks.retry_nondifferentiable(_Case(True), check) == 'ok'
    assert len(calls) == 3


def test_runs_once_and_raises_without_dodging():
    check, calls = _failing_then('ok', 1)
    with pytest.raises(gradient_check.NondifferentiableError):
        _case_checks.retry_nondifferentiable(_Case(False), check)
    assert len(calls) == 1


def test_other_errors_are_not_retried():
    calls = []

    def check():
        calls.append(None)
        raise AssertionError('wrong')
    with pytest.raises(AssertionError):
        _case_checks.retry_nondifferentiable(_Case(True), check)
    assert len(calls) == 1
