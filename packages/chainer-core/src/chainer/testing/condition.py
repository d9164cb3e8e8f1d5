"""Decorators running a test several times: for stochastic tests (``retry``) and for
tests that must pass every time (``repeat``)."""
import functools
import traceback
import unittest

from chainer.utils._errors import ArgumentAssertionError


def _fresh_instance(self, method_name):
    # A new instance per trial so that no state leaks between trials.
    if isinstance(self, unittest.TestCase):
        return type(self)(method_name)
    return type(self)()


def _set_up(instance):
    for name in ('setUp', 'setup_method'):
        fn = getattr(instance, name, None)
        if fn is not None:
            if name == 'setup_method':
                fn(None)
            else:
                fn()


def _tear_down(instance):
    for name in ('tearDown', 'teardown_method'):
        fn = getattr(instance, name, None)
        if fn is not None:
            if name == 'teardown_method':
                fn(None)
            else:
                fn()


def _run_once(f, args, kwargs, is_method, trial):
    if not is_method or trial == 0:
        # The first trial runs on the instance the test runner prepared.
        return f(*args, **kwargs)
    instance = _fresh_instance(args[0], f.__name__)
    _set_up(instance)
    try:
        return f(instance, *args[1:], **kwargs)
    finally:
        _tear_down(instance)


def _check_counts(times, min_success):
    if isinstance(times, bool) or not isinstance(times, int) or times < 1:
        raise ArgumentAssertionError('times must be a positive int, got {!r}'.format(times))
    if isinstance(min_success, bool) or not isinstance(min_success, int) or \
            not 0 <= min_success <= times:
        raise ArgumentAssertionError('min_success must be an int in [0, times={}], got '
                              '{!r}'.format(times, min_success))


def _failure_message(name, successes, min_success, failures):
    """One line saying what fell short and the first error, then v1's report
    (``Fail: n, Success: m`` and the first error's traceback)."""
    first = failures[0]
    summary = '{}: {}'.format(type(first).__name__, first).splitlines()[0]
    trace = ''.join(traceback.format_exception(type(first), first, first.__traceback__))
    return ('{} passed {} of the needed {} trials; first error: {}\nFail: {}, '
            'Success: {}\n\nThe first error message:\n{}'.format(
                name, successes, min_success, summary, len(failures), successes,
                trace))


def repeat_with_success_at_least(times, min_success):
    """Decorator running a test ``times`` times; it passes when at least
    ``min_success`` trials pass.

    A trial fails on any exception (a failed assertion or an error), as in v1. Trials
    stop as soon as the outcome is decided; the failure message reports the counts and
    the first failure's traceback. A test skipped in any trial is skipped. For a method
    of a test class every trial after the first runs on a fresh instance with its
    ``setUp``/``setup_method``.

    Args:
        times (int): number of trials.
        min_success (int): number of passing trials needed (0 to ``times``).
    """
    _check_counts(times, min_success)

    def decorator(f):
        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            is_method = bool(args) and getattr(
                type(args[0]), f.__name__, None) is not None
            successes = 0
            failures = []
            for trial in range(times):
                try:
                    _run_once(f, args, kwargs, is_method, trial)
                except unittest.SkipTest:
                    raise
                except Exception as e:
                    failures.append(e)
                else:
                    successes += 1
                if successes >= min_success:
                    return
                if len(failures) > times - min_success:
                    break
            raise AssertionError(
                _failure_message(f.__name__, successes, min_success, failures)) from failures[-1]
        return wrapper
    return decorator


def repeat(times):
    """Decorator that runs a test ``times`` times; every trial must pass."""
    return repeat_with_success_at_least(times, times)


def retry(times):
    """Decorator that runs a test up to ``times`` times; one passing trial suffices."""
    return repeat_with_success_at_least(times, 1)
