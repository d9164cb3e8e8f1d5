"""The worker pools of :class:`~chainer.iterators.MultiprocessIterator`: starting and
stopping them, and ending them cleanly at interpreter exit or when the parent dies.

Why this is more than ``ProcessPoolExecutor.shutdown``: a pool shut down without
waiting (on garbage collection, e.g. the iterator copy each ``Evaluator`` run makes)
keeps a manager thread that closes the pool's wake-up pipe a moment later. When the
interpreter exits in that moment, ``concurrent.futures``' own exit hook writes to that
pipe while it is being closed (an unlocked check-then-write in CPython) and prints
``Exception ignored ... OSError: [Errno 9] Bad file descriptor`` (or "handle is
closed"). So every pool stopped here without waiting has its manager thread
remembered, and an exit hook that runs *before* ``concurrent.futures``' one stops the
live pools (cancelling what they had not started) and joins every such thread: by the
time ``concurrent.futures`` looks, no pool of ours is half closed.

Nothing here waits forever: a worker stuck in the dataset (a hung ``__getitem__``)
never finishes its task, so a pool being stopped gets ``STOP_GRACE_S`` seconds to end,
then its workers are terminated (SIGTERM) and, ``KILL_AFTER_S`` seconds later, killed
(SIGKILL); its manager thread then sees them gone and ends. A Ctrl-C during the
exit hook kills them at once. A pool stopped by garbage collection (nobody waits for
it) is watched by a reaper thread that does the same after ``STOP_GRACE_S``: its
workers may be stuck in the dataset, or (seen on Python 3.9) the pool's manager thread
may miss the shutdown's wake-up and leave its idle workers waiting for work. Workers also watch their parent: when it dies without
stopping them (killed), they exit instead of waiting forever for work.
"""
import collections
import concurrent.futures
import concurrent.futures.process  # noqa: F401  (its exit hook must exist before ours)
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
import weakref

from chainer import thread_policy

#: Pools started and not stopped yet (weakly: a dropped pool is stopped by its owner's
#: finalizer first).
_live = weakref.WeakSet()
#: Seconds a stopped pool is given to finish the work its workers are running (by
#: :meth:`MultiprocessIterator.finalize` and at exit) before they are terminated.
STOP_GRACE_S = 1.0
#: Seconds between terminating (SIGTERM) a worker and killing it (SIGKILL).
KILL_AFTER_S = 1.0
#: (manager thread, worker processes) of pools stopped without waiting, ended at exit.
#: Appends and poplefts only: they are atomic, and stop() may run inside the garbage
#: collector on any thread, where taking a lock could deadlock.
_stopping = collections.deque()
#: (time stopped, (manager thread, worker processes)) of stopped pools, for the reaper.
_reaping = collections.deque()
#: Seconds between the reaper's looks at the stopped pools.
REAP_INTERVAL_S = 0.25
_reaper = []  # the reaper thread, while it runs
_owner = []  # the process that registered the exit hook (forked workers inherit it)


def start(n_processes, initializer, initargs):
    """Returns a ``ProcessPoolExecutor`` of ``n_processes`` workers, each running
    ``initializer(*initargs)`` first; the pool is stopped at interpreter exit."""
    _install_exit_hook()
    executor = concurrent.futures.ProcessPoolExecutor(
        n_processes, initializer=_init_worker, initargs=(initializer, initargs))
    _live.add(executor)
    # The workers' cores are not the BLAS's: its threads would wait on them (issue 15).
    thread_policy.reserve_cores(executor, n_processes)
    _start_reaper()
    return executor


def stop(executor, cancel=True):
    """Shuts ``executor`` down without waiting, cancelling the work it has not started
    unless ``cancel`` is False.

    Returns:
        The stopped pool, for :func:`end`. The exit hook ends it (as :func:`end` does,
        after ``STOP_GRACE_S`` seconds) if it still runs then.
    """
    # Private attributes (Python >= 3.9), gone after shutdown: taken first.
    thread = getattr(executor, '_executor_manager_thread', None)
    processes = list((getattr(executor, '_processes', None) or {}).values())
    pool = (thread, processes)
    # queued for the reaper before leaving _live, so that it never sees neither
    _reaping.append((time.monotonic(), pool))
    _live.discard(executor)
    thread_policy.release_cores(executor)
    executor.shutdown(wait=False, cancel_futures=cancel)
    if thread is not None:
        _forget_finished()
        _stopping.append(pool)
    return pool


def end(pools, grace):
    """Ends the pools returned by :func:`stop` within a few seconds whatever their
    workers do: waits ``grace`` seconds for their running work, terminates the workers
    still running, kills them ``KILL_AFTER_S`` seconds later. The futures a terminated
    worker ran fail with ``BrokenProcessPool``."""
    _end(pools, time.monotonic() + grace)


def _end(pools, deadline, steps=('terminate', 'kill')):
    """Waits until ``deadline`` for the (thread, processes) ``pools`` to end, then
    terminates their workers, kills those that still run ``KILL_AFTER_S`` seconds
    later (only kills with ``steps=('kill',)``) and waits a moment for the manager
    threads. Never waits without a limit."""
    alive = [p for _, ps in pools for p in ps]
    _wait_processes(alive, deadline)
    for step in steps:
        alive = [p for p in alive if _is_alive(p)]
        for p in alive:
            try:
                getattr(p, step)()
            except (OSError, ValueError):  # already reaped, or closed
                pass
        _wait_processes(alive, time.monotonic() + KILL_AFTER_S)
    # With its workers gone a manager thread only cleans up; bounded all the same.
    give_up = time.monotonic() + 5.0
    for thread, _ in pools:
        if thread is not None and thread is not threading.current_thread():
            thread.join(max(0.0, give_up - time.monotonic()))


def _is_alive(process):
    try:
        return process.is_alive()
    except ValueError:  # closed: gone
        return False


def _wait_processes(processes, deadline):
    """Waits (on their sentinels) until every process has exited or ``deadline``."""
    while True:
        sentinels = []
        for p in processes:
            try:
                if p.exitcode is None:
                    sentinels.append(p.sentinel)
            except ValueError:
                pass
        remaining = deadline - time.monotonic()
        if not sentinels or remaining <= 0:
            return
        try:
            multiprocessing.connection.wait(sentinels, min(remaining, 0.1))
        except (OSError, ValueError):  # a sentinel closed meanwhile: poll again
            time.sleep(0.01)
        # exitcode is set by a poll; wait() only says a sentinel became readable.
        for p in processes:
            _is_alive(p)


def _start_reaper():
    """Starts the reaper thread unless it runs (from :func:`start`: never inside the
    garbage collector, where starting a thread could deadlock)."""
    if _reaper and _reaper[0].is_alive():
        return
    thread = threading.Thread(target=_reap, name='chainer-worker-pool-reaper',
                              daemon=True)
    thread.start()
    _reaper[:] = [thread]


def _reap():
    """Ends the stopped pools whose workers still run ``STOP_GRACE_S`` seconds after
    their stop (terminate, then kill); returns when no pool is live or being reaped."""
    while _live or _reaping:
        time.sleep(REAP_INTERVAL_S)
        now, due = time.monotonic(), []
        for _ in range(len(_reaping)):
            try:
                stopped_at, pool = _reaping.popleft()
            except IndexError:  # emptied meanwhile by another thread
                break
            if not any(_is_alive(p) for p in pool[1]):
                continue
            if now - stopped_at >= STOP_GRACE_S:
                due.append(pool)
            else:
                _reaping.append((stopped_at, pool))
        if due:
            _end(due, now)


def closing(pools):
    """The pools (returned by :func:`stop`) whose manager thread still runs."""
    return [pool for pool in pools if pool[0] is not None and pool[0].is_alive()]


def _forget_finished():
    for _ in range(len(_stopping)):
        try:
            pool = _stopping.popleft()
        except IndexError:  # emptied meanwhile by another thread
            return
        if pool[0].is_alive():
            _stopping.append(pool)


def stop_all():
    """Stops every live pool and ends every pool stopped here that is still closing:
    ``STOP_GRACE_S`` seconds for their running work, then their workers are terminated,
    then killed (a Ctrl-C meanwhile kills them at once)."""
    if _owner != [os.getpid()]:  # a forked worker exiting: the pools are its parent's
        return
    for executor in list(_live):
        stop(executor)
    pools = []
    while _stopping:
        try:
            pools.append(_stopping.popleft())
        except IndexError:
            break
    deadline, steps = time.monotonic() + STOP_GRACE_S, ('terminate', 'kill')
    while True:
        try:
            _end(pools, deadline, steps)
            return
        except KeyboardInterrupt:  # Ctrl-C again while exiting: kill at once
            deadline, steps = time.monotonic(), ('kill',)


def _install_exit_hook():
    """Registers :func:`stop_all` to run at exit before ``concurrent.futures``' hook.

    ``threading._register_atexit`` hooks run in reverse order of registration, before
    the interpreter joins its threads and before ``atexit`` handlers; registering
    after ``concurrent.futures.process`` was imported puts ours first. Where that
    private function is missing, ``atexit`` still joins the pools, only later.
    """
    if _owner and _owner[0] == os.getpid():
        return
    if _owner:  # a forked worker starting pools of its own: the hook came with the fork
        _live.clear()
        _stopping.clear()
        _reaping.clear()
        del _reaper[:]
        _owner[0] = os.getpid()
        return
    register = getattr(threading, '_register_atexit', None)
    if register is None:
        import atexit
        register = atexit.register
    register(stop_all)
    _owner.append(os.getpid())


def _init_worker(initializer, initargs):
    _exit_with_parent()
    thread_policy.set_blas_threads(1)  # n workers x m BLAS threads would oversubscribe
    initializer(*initargs)


def _exit_with_parent():
    """Starts a thread that ends this worker as soon as its parent process is gone."""
    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return

    def watch():
        # The sentinel becomes readable when the parent exits, however it ends.
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name='parent-watch', daemon=True).start()
