"""``MultiprocessIterator``: loads the batches ahead of time in worker processes."""
import collections
import concurrent.futures
import concurrent.futures.process
import os
import signal
import weakref

from chainer.iterators import _batch_segments
from chainer.iterators import _epoch_order
from chainer.iterators import _iteration_state

# The dataset inside a worker process, set once by the pool initializer.
_worker_dataset = None


def _init_worker(dataset):
    global _worker_dataset
    _worker_dataset = dataset
    # Ctrl-C is for the main process, which shuts the pool down; workers ignore it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _fetch_in_worker(segments):
    return _batch_segments.fetch_examples(_worker_dataset, segments)


def _shutdown(executor, pending, wait):
    for futures, _ in pending:
        for future in futures:
            future.cancel()
    pending.clear()
    executor.shutdown(wait=wait, cancel_futures=True)


class MultiprocessIterator(_iteration_state.StatefulIterator):
    """Dataset iterator that loads examples in parallel worker processes.

    It yields exactly the batches :class:`SerialIterator` would (same order logic, same
    random state handling), but each batch is split among the workers and up to
    ``n_prefetch`` batches are loaded ahead while the caller works on the current one.
    The dataset is sent to each worker once (by pickle under the spawn start method).
    An exception raised by the dataset in a worker is re-raised by :meth:`__next__`;
    a worker that dies raises :class:`concurrent.futures.process.BrokenProcessPool`.
    Either way the failed batch is read again on the next call.

    The workers are shut down by :meth:`finalize`, when the iterator is garbage
    collected, and at interpreter exit, so they never keep the interpreter alive
    (spec 001, section 3.11.2).

    Args:
        dataset: Dataset to iterate (picklable for the spawn start method).
        batch_size (int): Number of examples within each batch.
        repeat (bool): Loop over the dataset forever; otherwise stop at the end of the
            first epoch.
        shuffle (bool): Shuffle the order at the beginning of each epoch.
        n_processes (int or None): Number of worker processes; the number of CPUs by
            default.
        n_prefetch (int): Number of batches loaded ahead.
    """

    def __init__(self, dataset, batch_size, repeat=True, shuffle=True, n_processes=None,
                 n_prefetch=1):
        if n_processes is None:
            n_processes = os.cpu_count() or 1
        _epoch_order.check_positive_int(n_processes, 'n_processes')
        _epoch_order.check_positive_int(n_prefetch, 'n_prefetch')
        self.dataset = dataset
        self.batch_size = batch_size
        self.n_processes = n_processes
        self.n_prefetch = n_prefetch
        self._order = _epoch_order.EpochOrder(len(dataset), batch_size, repeat, shuffle)
        self._state = self._order.state
        # (futures of the chunks of one batch, the state after that batch), oldest first.
        self._pending = collections.deque()
        self._executor = None
        self._finalizer = None

    def __next__(self):
        """Returns the next batch (a list of examples)."""
        try:
            self._prefetch()
            if not self._pending:
                raise StopIteration
            futures, state = self._pending.popleft()
            batch = []
            for future in futures:
                batch.extend(future.result())
        except StopIteration:
            raise
        except BaseException as e:
            # Forget what was read ahead and rewind, so the next call retries this batch.
            self._recover(e)
            raise
        self._state = state
        try:
            self._prefetch()
        except Exception as e:
            # Reading ahead failed (e.g. the pool broke): keep this batch; the next call
            # starts over from here and reports the error if it persists.
            self._recover(e)
        return batch

    def _visible_state(self):
        return self._state

    def _prefetch(self):
        while len(self._pending) < self.n_prefetch:
            before = self._order.state
            try:
                segments = self._order.next_segments()
            except StopIteration:
                return
            try:
                executor = self._get_executor()
                chunks = _batch_segments.split_segments(segments, self.n_processes)
                futures = [executor.submit(_fetch_in_worker, chunk) for chunk in chunks]
            except BaseException:
                self._order.set_state(before)
                raise
            self._pending.append((futures, self._order.state))

    def _recover(self, error):
        self._rewind()
        if isinstance(error, concurrent.futures.process.BrokenProcessPool):
            self._close(wait=False)  # a broken pool accepts no more work

    def _get_executor(self):
        if self._executor is None:
            self._executor = concurrent.futures.ProcessPoolExecutor(
                self.n_processes, initializer=_init_worker, initargs=(self.dataset,))
            # Runs on garbage collection and at exit; never waits for the workers there.
            self._finalizer = weakref.finalize(
                self, _shutdown, self._executor, self._pending, False)
        return self._executor

    def _rewind(self):
        """Drops the batches read ahead; the order continues after the visible state."""
        for futures, _ in self._pending:
            for future in futures:
                future.cancel()
        self._pending.clear()
        self._order.set_state(self._state)

    def _close(self, wait):
        if self._finalizer is not None:
            self._finalizer.detach()
            _shutdown(self._executor, self._pending, wait)
        self._executor = None
        self._finalizer = None

    def finalize(self):
        """Stops the worker processes (the iterator restarts them if used again)."""
        self._rewind()
        self._close(wait=True)

    def reset(self):
        """Restarts from the first epoch (with a new order when shuffling)."""
        self._rewind()
        self._order.reset()
        self._state = self._order.state

    def serialize(self, serializer):
        """Saves or loads the position, epoch, order and random state."""
        state = self._order.serialize_state(serializer, self._state)
        if not _epoch_order.same_state(state, self._state):
            # A state was loaded: what was read ahead belongs to the old position.
            self._rewind()
            self._order.set_state(state)
            self._state = state
