"""A per-test timeout for pytest where pytest-timeout is not installed (``tools/gpu_check.py``
loads it with ``-p _pytest_test_timeout``): ``GPU_CHECK_TEST_TIMEOUT`` seconds per test,
by SIGALRM (POSIX, main thread), failing the test that runs over with a
:class:`TestTimeout` naming the limit. A hang inside native code (a CUDA call) ends
when control returns to Python; the check's per-package limit is the backstop."""
import os
import signal

import pytest


class TestTimeout(Exception):
    """A test ran longer than ``GPU_CHECK_TEST_TIMEOUT`` seconds."""

    __test__ = False  # not a test class


def _seconds():
    try:
        return float(os.environ.get('GPU_CHECK_TEST_TIMEOUT', '0') or 0)
    except ValueError:
        return 0.0


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """Runs the test body under the alarm (setup and teardown are not limited)."""
    seconds = _seconds()
    if seconds <= 0 or not hasattr(signal, 'setitimer'):
        yield
        return

    def expire(signum, frame):
        raise TestTimeout('{} ran longer than {:g} s (GPU_CHECK_TEST_TIMEOUT)'.format(
            item.nodeid, seconds))
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
