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

Workers also watch their parent: when it dies without stopping them (killed), they
exit instead of waiting forever for work.
"""
import collections
import concurrent.futures
import concurrent.futures.process  # noqa: F401  (its exit hook must exist before ours)
import multiprocessing
import multiprocessing.connection
import os
import threading
import weakref

from chainer import thread_policy

#: Pools started and not stopped yet (weakly: a dropped pool is stopped by its owner's
#: finalizer first).
_live = weakref.WeakSet()
#: Manager threads of pools stopped without waiting, joined at exit. Appends and
#: poplefts only: they are atomic, and stop() may run inside the garbage collector on
#: any thread, where taking a lock could deadlock.
_stopping = collections.deque()
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
    return executor


def stop(executor, wait, cancel=True):
    """Shuts ``executor`` down, cancelling the work it has not started unless
    ``cancel`` is False. Without ``wait`` it returns at once and the exit hook joins
    the pool's manager thread."""
    _live.discard(executor)
    thread_policy.release_cores(executor)
    # A private attribute (Python >= 3.9); when absent there is nothing to join.
    thread = getattr(executor, '_executor_manager_thread', None)
    executor.shutdown(wait=wait, cancel_futures=cancel)
    if thread is not None and not wait:
        _forget_finished()
        _stopping.append(thread)


def _forget_finished():
    for _ in range(len(_stopping)):
        try:
            thread = _stopping.popleft()
        except IndexError:  # emptied meanwhile by another thread
            return
        if thread.is_alive():
            _stopping.append(thread)


def stop_all():
    """Stops every live pool and waits until no pool stopped here is still closing."""
    if _owner != [os.getpid()]:  # a forked worker exiting: the pools are its parent's
        return
    for executor in list(_live):
        stop(executor, wait=False)
    while _stopping:
        try:
            thread = _stopping.popleft()
        except IndexError:
            break
        if thread is not threading.current_thread():
            thread.join()


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
