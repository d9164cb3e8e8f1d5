"""chainer.thread_policy: the BLAS/OpenMP thread setting, its fall-back under contention
and its report. No timing: the contention signal is fed to the decision directly."""
import os
import subprocess
import sys

import numpy
import pytest

import chainer
from chainer import thread_policy
from chainer.core_functions import basic_math  # noqa: F401  (Variable operators)

threadpoolctl = pytest.importorskip('threadpoolctl')


def _blas_threads():
    return {lib['num_threads'] for lib in threadpoolctl.threadpool_info()
            if lib['user_api'] == 'blas'}


@pytest.fixture
def policy(monkeypatch):
    """The policy with four cores and a library limit of four, restored afterwards."""
    state = thread_policy._state
    saved = dict(vars(state))
    previous = chainer.get_blas_threads()
    thread_policy._apply_now()
    monkeypatch.setattr(thread_policy, 'available_cores', lambda: 4)
    monkeypatch.setattr(state, 'library_limit', 4)
    monkeypatch.setattr(state, 'reserved', {})
    chainer.set_blas_threads('auto')
    yield state
    for name in list(vars(state)):
        delattr(state, name)
    for name, value in saved.items():
        setattr(state, name, value)
    state.applied = None  # what the libraries hold now is the test's: set it again
    monkeypatch.undo()
    chainer.set_blas_threads(previous)


def test_default_setting_is_auto_unless_the_environment_says_otherwise():
    expected = os.environ.get(thread_policy.ENV_VARIABLE, 'auto')
    assert str(chainer.get_blas_threads()) == expected.lower()


@pytest.mark.parametrize('bad', [0, -2, 1.5, True, 'many', '', '0'])
def test_set_blas_threads_rejects_bad_values_naming_the_argument(bad):
    previous = chainer.get_blas_threads()
    with pytest.raises(ValueError, match="threads must be 'auto', 'off' or a positive"):
        chainer.set_blas_threads(bad)
    assert chainer.get_blas_threads() == previous  # nothing changed


def test_a_bad_environment_value_names_the_variable():
    env = dict(os.environ, CHAINER_BLAS_THREADS='lots')
    result = subprocess.run([sys.executable, '-c', 'import chainer'], env=env,
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert "CHAINER_BLAS_THREADS must be 'auto', 'off'" in result.stderr
    assert "'lots'" in result.stderr


def test_environment_variable_sets_the_threads_at_the_first_function_call():
    code = ('import threadpoolctl, chainer, numpy\n'
            'from chainer.core_functions import basic_math\n'
            'chainer.Variable(numpy.ones(3, "f")) * 2\n'
            'print(chainer.get_blas_threads(), sorted({l["num_threads"] for l in '
            'threadpoolctl.threadpool_info() if l["user_api"] == "blas"}))\n')
    env = dict(os.environ, CHAINER_BLAS_THREADS='1')
    result = subprocess.run([sys.executable, '-c', code], env=env, capture_output=True,
                            text=True, check=True)
    assert result.stdout.split() == ['1', '[1]']


def test_fixed_count_and_off(policy):
    assert chainer.set_blas_threads(3) == 'auto'
    assert _blas_threads() == {3}
    assert chainer.set_blas_threads('1') == 3
    assert _blas_threads() == {1}
    chainer.set_blas_threads('off')  # the libraries get their own count back
    assert _blas_threads() == {4}
    assert chainer.get_blas_threads() == 'off'
    chainer.set_blas_threads(None)
    assert chainer.get_blas_threads() == 'off'


def test_threads_in_force_is_what_the_libraries_were_given(policy):
    chainer.set_blas_threads(3)
    assert thread_policy.threads_in_force() == 3
    chainer.set_blas_threads(1)
    assert thread_policy.threads_in_force() == 1
    chainer.set_blas_threads('off')
    assert thread_policy.threads_in_force() is None


def test_cap_blas_holds_the_blas_below_the_policys_count(policy):
    chainer.set_blas_threads(3)
    assert thread_policy.blas_cap() is None
    thread_policy.cap_blas(1)
    assert _blas_threads() == {1}
    assert thread_policy.threads_in_force() == 3 and thread_policy.blas_cap() == 1
    chainer.set_blas_threads(2)  # another count: the cap stays
    assert _blas_threads() == {1} and thread_policy.threads_in_force() == 2
    thread_policy.cap_blas(4)  # a cap above the count changes nothing
    assert _blas_threads() == {2}
    chainer.set_blas_threads('off')  # the libraries' own count, cap or not
    assert _blas_threads() == {4}


@pytest.mark.parametrize('bad', [0, -1, 1.5, True, '1', None])
def test_cap_blas_rejects_what_is_not_a_positive_count(bad):
    with pytest.raises(ValueError, match='count must be a positive int'):
        thread_policy.cap_blas(bad)


def test_auto_uses_the_available_cores_less_reserved_ones(policy, monkeypatch):
    assert _blas_threads() == {4}
    monkeypatch.setattr(thread_policy, 'available_cores', lambda: 3)
    owner = object()
    thread_policy.reserve_cores(owner, 1)
    assert thread_policy.next_check == 0.0  # applied by the next function call
    chainer.Variable(numpy.ones(2, 'f')) * 2.0
    assert _blas_threads() == {3}
    thread_policy.release_cores(owner)
    thread_policy.release_cores(owner)  # releasing twice is harmless
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match='count must be a non-negative int'):
            thread_policy.reserve_cores(owner, bad)


def test_a_reservation_after_a_fall_back_waits_for_the_retry(policy, monkeypatch):
    thread_policy._decide(100.0, 0.9)
    assert _blas_threads() == {1}
    monkeypatch.setattr(thread_policy, 'available_cores', lambda: 2)
    owner = object()
    thread_policy.reserve_cores(owner, 2)
    thread_policy.tick()
    assert _blas_threads() == {1}  # still contended: no change
    thread_policy._decide(101.0, 0.0)
    assert _blas_threads() == {2}  # the retry uses the cores left
    thread_policy.release_cores(owner)


def test_available_cores_counts_the_affinity_less_reservations():
    cores = len(os.sched_getaffinity(0))
    owner = object()
    thread_policy.reserve_cores(owner, cores - 1)
    try:
        assert thread_policy.available_cores() == 1
        thread_policy.reserve_cores(owner, cores + 5)  # never below one
        assert thread_policy.available_cores() == 1
    finally:
        thread_policy.release_cores(owner)
    assert thread_policy.available_cores() == cores


def test_contention_falls_back_to_one_thread_and_retries_with_growing_waits(policy):
    decide = thread_policy._decide
    decide(100.0, 0.5)  # half the time waiting for a core: contended
    assert _blas_threads() == {1} and policy.retry_at == 101.0
    decide(100.5, 0.0)  # idle now, but the retry is not due yet
    assert _blas_threads() == {1}
    decide(101.0, 0.0)  # due: all cores again
    assert _blas_threads() == {4}
    decide(101.05, 0.3)  # still contended: back to one, and wait twice as long
    assert _blas_threads() == {1} and policy.retry_at == 103.05
    decide(103.1, 0.0)
    assert _blas_threads() == {4}
    decide(103.2, 0.05)  # each interval without contention halves the wait
    assert _blas_threads() == {4} and policy.backoff == 2.0
    decide(103.25, 0.0)
    decide(103.3, 0.0)
    assert policy.backoff == thread_policy.FIRST_BACKOFF


def test_waits_stop_growing_at_the_maximum(policy):
    for i in range(12):
        thread_policy._decide(1000.0 * i, 0.9)
        thread_policy._decide(1000.0 * i + 999, 0.0)
    assert policy.backoff == thread_policy.MAX_BACKOFF


def test_tick_measures_the_run_queue_delay_of_the_calling_thread(policy, monkeypatch):
    delays = iter([0.0, 0.04])  # 40 ms of waiting in 50 ms: contended
    clock = iter([10.0, 10.05])
    monkeypatch.setattr(thread_policy, '_run_delay', lambda: next(delays))
    monkeypatch.setattr(thread_policy.time, 'monotonic', lambda: next(clock))
    thread_policy.tick()
    assert _blas_threads() == {4}
    thread_policy.tick()
    assert _blas_threads() == {1}
    assert thread_policy.next_check == pytest.approx(10.05 + thread_policy.CHECK_INTERVAL)


@pytest.mark.skipif(not os.path.exists('/proc/thread-self/schedstat'),
                    reason='needs Linux scheduler statistics')
def test_run_delay_sums_the_kernel_counters_of_every_thread():
    first = thread_policy._run_delay()
    numpy.ones(1000).sum()
    with open('/proc/thread-self/schedstat') as f:
        own = int(f.read().split()[1]) * 1e-9
    total = thread_policy._run_delay()
    assert 0.0 <= first <= total and own <= total


def test_describe_names_the_library_version_and_threads(policy):
    chainer.set_blas_threads(2)
    rows = dict(thread_policy.describe())
    assert rows['setting'].startswith('2 (')
    blas = [lib for lib in threadpoolctl.threadpool_info() if lib['user_api'] == 'blas'][0]
    row = rows[blas['internal_api']]
    assert blas['version'] in row and '2 thread(s)' in row


def test_runtime_report_has_a_blas_section():
    text = chainer._runtime.format_runtime_info()
    assert 'BLAS threads:' in text and 'setting' in text


def test_without_threadpoolctl_the_policy_says_why(monkeypatch):
    monkeypatch.setitem(sys.modules, 'threadpoolctl', None)
    monkeypatch.setattr(thread_policy, '_state', thread_policy._State())
    rows = dict(thread_policy.describe())
    assert rows['libraries'] == 'threadpoolctl is not installed'
    thread_policy.tick()  # nothing to do, and no error
    assert thread_policy.next_check == float('inf')


@pytest.mark.skipif(not hasattr(os, 'fork'), reason='needs os.fork')
def test_a_child_forked_while_the_lock_is_held_gets_a_free_one():
    with thread_policy._lock:
        pid = os.fork()
        if pid == 0:  # the child: must not hang on the copied, held lock
            os._exit(0 if thread_policy._lock.acquire(timeout=5) else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
