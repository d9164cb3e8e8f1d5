"""Snapshot writers: how :func:`~chainer.training.extensions.snapshot` puts the
serialized target on disk (at once, in a thread, in a process, or through a queue
served by a thread or a process).

Every writer saves through a temporary file in the output directory that replaces
the snapshot only once completely written, so a save that fails or is killed leaves
the last good snapshot (and no file of that name) in place.
"""
import multiprocessing
import queue
import sys
import threading

from chainer.serializers import npz
from chainer.training.extensions import _atomic_write


class _MissingMethod(TypeError, NotImplementedError):
    """A subclass did not define a method its base class leaves to it."""


class Writer(object):
    """Base class of snapshot writers.

    A writer is called as ``writer(filename, outdir, target)``, ``target`` being
    the serialized snapshot (a dict of arrays), and writes it with :meth:`save`.
    Hooks added by the snapshot extension (removal of stale snapshots) run after
    each completed save.
    """

    def __init__(self):
        self._post_save_hooks = []

    def __call__(self, filename, outdir, target):
        """Writes ``target`` to ``outdir/filename`` (subclasses define how)."""
        raise _MissingMethod('{} must define __call__(filename, outdir, target)'
                             .format(type(self).__name__))

    def __del__(self):
        try:
            self.finalize()
        except Exception:  # at interpreter exit the workers may be gone
            pass

    def finalize(self):
        """Waits for pending saves; nothing to wait for by default."""
        pass

    def save(self, filename, outdir, target, savefun, **kwds):
        """Saves ``target`` with ``savefun(path, target, **kwds)`` to a temporary
        file in ``outdir`` renamed to ``filename`` once complete, then runs the
        post-save hooks."""
        _atomic_write.atomic_write(outdir, filename,
                                   lambda path: savefun(path, target, **kwds))
        self._post_save()

    def _add_cleanup_hook(self, hook):
        self._post_save_hooks.append(hook)

    def _post_save(self):
        for hook in self._post_save_hooks:
            hook()


class SimpleWriter(Writer):
    """Writer saving at once, in the training loop.

    Args:
        savefun: ``savefun(path, target, **kwds)``; :func:`save_npz` by default.
        kwds: further keyword arguments of ``savefun``.
    """

    def __init__(self, savefun=npz.save_npz, **kwds):
        super().__init__()
        self._savefun = savefun
        self._kwds = kwds

    def __call__(self, filename, outdir, target):
        self.save(filename, outdir, target, self._savefun, **self._kwds)


class StandardWriter(Writer):
    """Base of the writers saving each snapshot in a worker (thread or process)
    started per snapshot; a new snapshot first waits for the previous worker.

    Args:
        savefun: ``savefun(path, target, **kwds)``; :func:`save_npz` by default.
        kwds: further keyword arguments of ``savefun``.
    """

    def __init__(self, savefun=npz.save_npz, **kwds):
        super().__init__()
        self._savefun = savefun
        self._kwds = kwds
        self._started = False
        self._finalized = False
        self._worker = None

    def __call__(self, filename, outdir, target):
        if self._started:
            self._worker.join()
            self._started = False
        self._filename = filename
        self._worker = self.create_worker(filename, outdir, target, **self._kwds)
        self._worker.start()
        self._started = True

    def _save_in_worker(self, filename, outdir, target, savefun, **kwds):
        # a failure in a worker cannot reach the loop: it is reported, and the
        # previous snapshot stays in place
        try:
            self.save(filename, outdir, target, savefun, **kwds)
        except Exception as error:
            sys.stderr.write('snapshot {!r} was not saved: {!r}\n'.format(
                filename, error))

    def create_worker(self, filename, outdir, target, **kwds):
        """Returns the (unstarted) worker saving one snapshot (subclasses)."""
        raise _MissingMethod('{} must define create_worker'.format(
            type(self).__name__))

    def finalize(self):
        """Waits for the last worker."""
        if self._started:
            if not self._finalized:
                self._worker.join()
            self._started = False
        self._finalized = True


class ThreadWriter(StandardWriter):
    """Writer saving each snapshot in a new thread (see :class:`StandardWriter`)."""

    def create_worker(self, filename, outdir, target, **kwds):
        return threading.Thread(target=self._save_in_worker,
                                args=(filename, outdir, target, self._savefun),
                                kwargs=kwds)


class ProcessWriter(StandardWriter):
    """Writer saving each snapshot in a new process (see :class:`StandardWriter`).
    ``savefun`` and the target must survive the process start (with the ``fork``
    start method anything does)."""

    def create_worker(self, filename, outdir, target, **kwds):
        return multiprocessing.Process(target=self._save_in_worker,
                                       args=(filename, outdir, target, self._savefun),
                                       kwargs=kwds)


class QueueWriter(Writer):
    """Base of the writers handing snapshots to one long-lived consumer (thread or
    process) through a queue; :meth:`finalize` waits until the queue is drained.

    Args:
        savefun: ``savefun(path, target)``; :func:`save_npz` by default.
        task: callable ``task(filename, outdir, target)`` doing each save; a
            :class:`SimpleWriter` of ``savefun`` by default.
    """

    def __init__(self, savefun=npz.save_npz, task=None):
        super().__init__()
        self._task = self.create_task(savefun) if task is None else task
        self._queue = self.create_queue()
        self._consumer = self.create_consumer(self._queue)
        self._consumer.start()
        self._started = True
        self._finalized = False

    def __call__(self, filename, outdir, target):
        self._queue.put([self._task, filename, outdir, target])

    def create_task(self, savefun):
        """The default task: a :class:`SimpleWriter` of ``savefun``."""
        return SimpleWriter(savefun=savefun)

    def create_queue(self):
        """Returns the queue (subclasses)."""
        raise _MissingMethod('{} must define create_queue'.format(type(self).__name__))

    def create_consumer(self, q):
        """Returns the (unstarted) consumer of ``q`` (subclasses)."""
        raise _MissingMethod('{} must define create_consumer'.format(
            type(self).__name__))

    def consume(self, q):
        """Runs the queued saves until the ``None`` sentinel; a save that fails
        leaves the previous snapshot and the consumer goes on."""
        while True:
            item = q.get()
            try:
                if item is None:
                    return
                filename = item[1]
                try:
                    item[0](filename, item[2], item[3])  # task(filename, outdir, target)
                    self._post_save()
                except Exception as error:  # keep serving the later snapshots
                    sys.stderr.write('snapshot {!r} was not saved: {!r}\n'.format(
                        filename, error))
            finally:
                q.task_done()

    def finalize(self):
        """Waits until every queued snapshot is written and stops the consumer."""
        if self._started:
            if not self._finalized:
                self._queue.put(None)
                self._queue.join()
                self._consumer.join()
            self._started = False
        self._finalized = True


class ThreadQueueWriter(QueueWriter):
    """Queue writer whose consumer is a thread."""

    def create_queue(self):
        return queue.Queue()

    def create_consumer(self, q):
        return threading.Thread(target=self.consume, args=(q,), daemon=True)


class ProcessQueueWriter(QueueWriter):
    """Queue writer whose consumer is a process."""

    def create_queue(self):
        return multiprocessing.JoinableQueue()

    def create_consumer(self, q):
        return multiprocessing.Process(target=self.consume, args=(q,), daemon=True)
