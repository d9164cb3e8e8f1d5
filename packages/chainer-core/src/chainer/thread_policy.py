"""How many threads the BLAS (and OpenMP) libraries behind numpy may use.

Why a policy: a multi-threaded BLAS splits every product into pieces that all its threads
must finish before the call returns. When the cores are shared (a MultiprocessIterator's
workers, a second experiment, anything busy on the machine), one of those threads often
waits on the run queue for the scheduler's next time slice while the others spin at the
join, so a product of 0.1 ms takes 10 ms or more (``benchmarks/README.md``, "The cliff").
One thread never waits on itself; on idle cores, more threads make large products faster.

The setting (``CHAINER_BLAS_THREADS`` in the environment, or :func:`set_blas_threads`):

* ``'auto'`` (default): use the cores available to the process (``os.sched_getaffinity``,
  capped by the libraries' own limit, e.g. ``OPENBLAS_NUM_THREADS``), less those
  :func:`reserve_cores` holds for helper processes, **while they are idle**; fall back to
  one thread as soon as the process's threads are kept waiting for a core. "Waiting" is
  measured, not guessed: the kernel's run-queue delay of every thread of the process
  (``/proc/self/task/*/schedstat``; the BLAS's own threads count, since the caller may
  well be spinning on a core while its partner waits), sampled every 50 ms at most from
  ``Function.__call__``. After a fall-back the policy retries more threads after 1 s,
  doubling the wait (up to 30 s) at each failed retry and halving it for each idle
  interval.
* a positive int: that many threads, always.
* ``'off'`` (or None): leave the libraries as they are.

A second thread pool that runs the large products (chainer-links' oneDNN, on OpenMP) calls
:func:`cap_blas` to keep the BLAS on one thread beside it; the policy's count then goes
to that pool (:func:`threads_in_force`).

Threads are set through ``threadpoolctl`` (a dependency of chainer-core). Without it, or
without per-thread scheduler statistics (not Linux), ``'auto'`` keeps the libraries'
threads within the cores left after reservations and cannot react to contention.
"""
import os
import threading
import time

ENV_VARIABLE = 'CHAINER_BLAS_THREADS'

#: Seconds between two looks at the run-queue delay.
CHECK_INTERVAL = 0.05
#: Run-queue delay of the process's threads (summed) per second of wall time above which
#: the cores count as busy.
CONTENDED_FRACTION = 0.1
#: First and largest wait (seconds) before trying more threads again after a fall-back.
FIRST_BACKOFF, MAX_BACKOFF = 1.0, 30.0

_TASKS = '/proc/self/task'
_never = float('inf')

#: ``time.monotonic()`` after which :func:`tick` looks again (inf: nothing to do).
next_check = 0.0


class _State(object):

    def __init__(self):
        self.setting = 'auto'
        self.controller = None     # threadpoolctl.ThreadpoolController, built on first use
        self.unavailable = None    # why the policy cannot act (text), once known
        self.library_limit = None  # the libraries' own thread count before we set any
        self.threads = None        # what we set last
        self.applied = None        # (threads, blas_cap) last given to the libraries
        self.blas_cap = None       # most threads for the 'blas' libraries (see cap_blas)
        self.reserved = {}         # owner id -> cores held for helper processes
        self.backoff = FIRST_BACKOFF
        self.retry_at = 0.0
        self.sample = None         # (wall, run delay of all threads) of the last look
        self.changed = False       # reservations changed since the threads were set


_state = _State()
_lock = threading.Lock()


def _new_lock_in_child():
    # A child forked while another thread held the lock would wait on it forever.
    global _lock
    _lock = threading.Lock()


if hasattr(os, 'register_at_fork'):
    os.register_at_fork(after_in_child=_new_lock_in_child)


def _parse(value, what):
    if value is None or (isinstance(value, str) and value.strip().lower() in ('off', 'none')):
        return 'off'
    if isinstance(value, str):
        text = value.strip().lower()
        if text == 'auto':
            return 'auto'
        if text.isdigit() and int(text) > 0:
            return int(text)
    elif isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    raise ValueError("{} must be 'auto', 'off' or a positive number of threads, got {!r}"
                     .format(what, value))


def set_blas_threads(threads):
    """Sets how many threads numpy's BLAS/OpenMP libraries may use (process-wide).

    Args:
        threads: ``'auto'`` (the default: every available core while the cores are idle,
            one thread while they are contended; see :mod:`chainer.thread_policy`), a
            positive int (that many threads, always) or ``'off'``/None (leave the
            libraries' own setting alone from now on).

    Returns:
        The previous setting.
    """
    setting = _parse(threads, 'threads')
    with _lock:
        previous, _state.setting = _state.setting, setting
        _state.backoff, _state.retry_at, _state.sample = FIRST_BACKOFF, 0.0, None
    _apply_now()
    return previous


def get_blas_threads():
    """Returns the setting of :func:`set_blas_threads` (``'auto'``, an int or ``'off'``)."""
    return _state.setting


def threads_in_force():
    """The thread count the policy last gave the libraries (None while it has set none,
    or under ``'off'``); other thread pools (oneDNN's OpenMP) follow it."""
    return _state.threads


def available_cores():
    """Cores this process may run on (``os.sched_getaffinity``), less the reserved ones
    (at least 1)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, cores - sum(_state.reserved.values()))


def reserve_cores(owner, count):
    """Holds ``count`` cores for helper processes (e.g. a MultiprocessIterator's workers)
    until :func:`release_cores` is called with the same ``owner``; ``'auto'`` gives the
    BLAS the rest from the next function call on.

    Neither this nor :func:`release_cores` takes a lock or calls into the libraries: they
    may run in a finalizer, inside the garbage collector, on any thread.
    """
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ValueError('count must be a non-negative int, got {!r}'.format(count))
    _state.reserved[id(owner)] = count
    _changed()


def release_cores(owner):
    """Releases the cores held by ``owner`` (nothing happens when it holds none)."""
    if _state.reserved.pop(id(owner), None) is not None:
        _changed()


def _changed():
    global next_check
    _state.changed = True
    next_check = 0.0  # the next Function.__call__ applies it


def _controller():
    """The threadpoolctl controller of the loaded libraries, or None (and why, in
    ``_state.unavailable``)."""
    if _state.controller is None and _state.unavailable is None:
        try:
            import threadpoolctl
        except ImportError:
            _state.unavailable = 'threadpoolctl is not installed'
            return None
        controller = threadpoolctl.ThreadpoolController()
        if not controller.lib_controllers:
            _state.unavailable = 'no BLAS/OpenMP library with a thread pool is loaded'
            return None
        _state.library_limit = max(lib.num_threads for lib in controller.lib_controllers)
        _state.controller = controller
    return _state.controller


def _most_threads():
    return max(1, min(_state.library_limit or 1, available_cores()))


def _set_threads(count):
    applied = (count, _state.blas_cap)
    if _state.applied != applied:
        cap = _state.blas_cap
        _state.controller.limit(limits=count if cap is None else
                                {'blas': min(count, cap), 'openmp': count})
        _state.applied = applied
    _state.threads = count


def cap_blas(count):
    """Holds the BLAS libraries (numpy's OpenBLAS) at ``count`` threads at most from
    now on, while the policy's count still goes to OpenMP pools and to
    :func:`threads_in_force`.

    For a second thread pool that runs the large products (chainer-links' oneDNN
    convolutions and matrix products): a multi-threaded OpenBLAS keeps its worker
    threads spinning for about 0.1 s after each call, so beside the other pool's threads
    there are more busy threads than cores on every step (benchmarks/README.md).
    """
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError('count must be a positive int, got {!r}'.format(count))
    with _lock:
        _state.blas_cap = count
        if _state.controller is not None and _state.threads is not None:
            _set_threads(_state.threads)


def blas_cap():
    """The cap :func:`cap_blas` set (None: none)."""
    return _state.blas_cap


def _apply_now():
    """Puts the setting in force at once (the dynamic part of ``'auto'`` follows in
    :func:`tick`)."""
    global next_check
    with _lock:
        setting = _state.setting
        if _controller() is None:
            next_check = _never
            return
        if setting == 'off':
            if _state.threads is not None:  # give the libraries their own count back
                _state.controller.limit(limits=_state.library_limit)
                _state.threads = _state.applied = None
            next_check = _never
            return
        if setting == 'auto':
            _set_threads(_most_threads())
            next_check = time.monotonic() + CHECK_INTERVAL if _can_measure() else _never
        else:
            _set_threads(setting)
            next_check = _never


def _can_measure():
    return os.path.isdir(_TASKS)


def _run_delay():
    """Seconds the threads of this process have spent runnable but waiting for a core
    (summed over the threads alive now)."""
    total = 0
    for tid in os.listdir(_TASKS):
        try:
            with open('{}/{}/schedstat'.format(_TASKS, tid), 'rb') as f:
                total += int(f.read().split()[1])
        except (OSError, IndexError, ValueError):
            continue  # the thread ended meanwhile
    return total * 1e-9


def tick():
    """Called from ``Function.__call__``: once per :data:`CHECK_INTERVAL`, looks at how
    long the process's threads waited for a core and moves between one thread and all
    cores."""
    global next_check
    if _state.controller is None and _state.unavailable is None:
        _apply_now()  # the first function call: not at import, finding the libraries
        return        # costs milliseconds
    if not _lock.acquire(blocking=False):
        return  # another thread is deciding
    try:
        if _state.setting != 'auto' or _state.controller is None:
            next_check = _never
            return
        if _state.changed:
            _state.changed = False
            if _state.threads > 1:  # after a fall-back, the retry uses the new count
                _set_threads(_most_threads())
        now = time.monotonic()
        next_check = now + CHECK_INTERVAL
        delay = _run_delay()
        last, _state.sample = _state.sample, (now, delay)
        if last is None or now <= last[0]:
            return
        _decide(now, (delay - last[1]) / (now - last[0]))
    except OSError:
        next_check = _never  # no scheduler statistics after all: stay static
    finally:
        _lock.release()


def _decide(now, waiting):
    most = _most_threads()
    if _state.threads > 1 and waiting > CONTENDED_FRACTION:
        _set_threads(1)
        _state.retry_at = now + _state.backoff
        _state.backoff = min(_state.backoff * 2, MAX_BACKOFF)
    elif _state.threads == 1 and most > 1 and now >= _state.retry_at:
        _set_threads(most)
    elif _state.threads > 1 and now >= _state.retry_at + CHECK_INTERVAL:
        # Each idle interval halves the wait: on a machine whose load comes and goes, the
        # retries (each one costs an interval on the contended cores) stay rare.
        _state.backoff = max(FIRST_BACKOFF, _state.backoff / 2)


def describe():
    """Rows ``(label, value)`` for the runtime report: the setting, and each loaded
    BLAS/OpenMP library with its version and the threads in force."""
    if _state.controller is None and _state.unavailable is None:
        _apply_now()
    rows = [('setting', '{} ({})'.format(_state.setting, 'set by ' + ENV_VARIABLE if
                                          ENV_VARIABLE in os.environ else 'default'))]
    if _state.controller is None:
        rows.append(('libraries', _state.unavailable or 'policy off'))
        return rows
    for lib in _state.controller.info():
        rows.append((lib.get('internal_api') or lib.get('prefix'), '{} ({}), {} thread(s)'
                     .format(lib.get('version'), lib.get('filepath'),
                             lib.get('num_threads'))))
    rows.append(('cores available', str(available_cores())))
    return rows


_state.setting = _parse(os.environ.get(ENV_VARIABLE, 'auto'), ENV_VARIABLE)
