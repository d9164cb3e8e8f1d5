"""``MultiprocessIterator``: loads the batches ahead of time in worker processes."""
import collections
import concurrent.futures
import concurrent.futures.process
import copy
import multiprocessing.sharedctypes
import numbers
import os
import warnings
import weakref

import numpy

from chainer import serializer as serializer_module
from chainer.iterators import _batch_segments
from chainer.iterators import _batch_wait
from chainer.iterators import _epoch_order
from chainer.iterators import _iteration_state
from chainer.iterators import _shared_memory
from chainer.iterators import _worker_pool
from chainer.iterators import _worker_tasks

#: A batch being read: the futures of its chunks, the iteration state after it, the
#: index of its region of the shared buffer (None when its arrays come by pickle), the
#: segments of its chunks and the progress array of its pool.
_Pending = collections.namedtuple('_Pending', ['futures', 'state', 'region', 'chunks',
                                               'progress'])

#: Attributes set by ``_init_process_state``: the workers and what they read, which
#: neither a copy nor a pickle takes.
_PROCESS_STATE = frozenset([
    '_pending', '_executor', '_finalizer', '_finalized', '_memory', '_buffer',
    '_region_futures', '_batches_in_pool', '_started', '_retired', '_progress'])

#: Default of the v2+ arguments, telling a v1-style call apart from a v7 one.
_V1_DEFAULT = object()


def _shutdown(executor, pending, retired, grace):
    """Stops the pool and the retired ones; with ``grace`` (seconds, not None) ends
    them all within a few seconds (see ``_worker_pool.end``)."""
    for entry in pending:
        for future in entry.futures:
            future.cancel()
    pending.clear()
    pools = retired + [_worker_pool.stop(executor)]
    del retired[:]
    if grace is not None:
        _worker_pool.end(pools, grace)


def _check_shared_mem(shared_mem):
    if shared_mem is not None and (isinstance(shared_mem, bool) or not isinstance(
            shared_mem, numbers.Integral) or shared_mem < 0):
        raise ValueError('shared_mem must be None or a non-negative int (bytes per '
                         'example), got {!r}'.format(shared_mem))


class MultiprocessIterator(_iteration_state.StatefulIterator):
    """Dataset iterator that loads examples in parallel worker processes.

    It yields exactly the batches :class:`SerialIterator` would (same order logic, same
    random state handling), but each batch is split among the workers and up to
    ``n_prefetch`` batches are loaded ahead while the caller works on the current one.
    The dataset is sent to each worker once (by pickle under the spawn start method).
    An exception raised by the dataset in a worker is re-raised by :meth:`__next__`;
    a worker that dies raises :class:`concurrent.futures.process.BrokenProcessPool`.
    Either way the failed batch is read again on the next call.

    The numpy arrays of the examples (an example that is an array, or the arrays among
    the values of a tuple, list or dict example) come back through shared memory
    rather than by pickle: each example has a slot of ``shared_mem`` bytes. An example
    whose arrays do not fit sends the rest by pickle and a :class:`UserWarning` gives
    the size it needs.

    The workers are shut down by :meth:`finalize`, when the iterator is garbage
    collected, and at interpreter exit (quietly, also when the iterator was never
    finalized), so they never keep the interpreter alive;
    a worker whose parent process dies (even killed) exits too.

    Nothing waits forever on a stalled dataset (a ``__getitem__`` that never returns).
    After ``dataset_timeout`` seconds :meth:`__next__` warns, naming the indices it
    waits for and the one a worker is stuck reading; after ``dataset_time_limit``
    seconds (if set) it raises :class:`MultiprocessIterator.DatasetTimeoutError` naming
    them. Ctrl-C (``KeyboardInterrupt``) interrupts a waiting :meth:`__next__` at once.
    Either way the workers are terminated (SIGTERM, then SIGKILL one second later) and
    the next call reads the batch again with new ones. :meth:`finalize` and the
    interpreter's exit give the workers one second to finish what they run (a batch
    read ahead), then terminate and kill them: they return within a few seconds (a
    Ctrl-C during the exit kills them at once).

    An iterator built with any of the v2+ arguments ``order_sampler``, ``dataset_timeout`` or
    ``maxtasksperchild`` can :meth:`reset` at any time (as in Chainer v7); otherwise,
    as in Chainer v1.24, only at the start of an epoch of an iterator that does not
    repeat (or before the first batch). Neither can after :meth:`finalize`.
    The iterator pickles (without its workers) when its dataset and sampler do.

    Args:
        dataset: Dataset to iterate (picklable for the spawn start method).
        batch_size (int): Number of examples within each batch.
        repeat (bool): Loop over the dataset forever; otherwise stop at the end of the
            first epoch.
        shuffle (bool or None): Shuffle the order at the beginning of each epoch
            (None: the same as True, as in v2+).
        n_processes (int or None): Number of worker processes; the number of CPUs when
            None or 0.
        n_prefetch (int): Number of batches loaded ahead (at least one).
        shared_mem (int or None): Size in bytes of the shared memory slot of each
            example; 0 sends every array by pickle. None measures the arrays of the
            first batch (read by pickle) and uses that size from then on.
        order_sampler (callable or None): Chooses the order of each epoch in the main
            process (see :class:`~chainer.iterators.OrderSampler`); it replaces the
            shuffling (an error with ``shuffle=False``).
        dataset_timeout (float or None): When a batch is still not read this many
            seconds after :meth:`__next__` started waiting for it, a
            :class:`MultiprocessIterator.TimeoutWarning` names the indices of its
            examples (the iterator keeps waiting). None never warns.
        maxtasksperchild (int or None): The pool of workers is replaced by a fresh
            one after every ``maxtasksperchild`` batches (the retired workers finish
            what they were given), so that whatever a worker leaks is freed. None
            keeps the workers as long as the iterator lives.
        dataset_time_limit (float or None): Keyword only. When a batch is still not
            read this many seconds after :meth:`__next__` started waiting for it, the
            workers are terminated and :class:`MultiprocessIterator.DatasetTimeoutError`
            names the indices of its examples; the next call reads the batch again.
            None (the default, as in Chainer v7) waits as long as it takes.
    """

    class TimeoutWarning(RuntimeWarning):
        """Warned when the dataset takes longer than ``dataset_timeout`` seconds."""

    class DatasetTimeoutError(TimeoutError):
        """Raised when the dataset takes longer than ``dataset_time_limit`` seconds."""

    def __init__(self, dataset, batch_size, repeat=True, shuffle=True, n_processes=None,
                 n_prefetch=1, shared_mem=None, order_sampler=None,
                 dataset_timeout=_V1_DEFAULT, maxtasksperchild=_V1_DEFAULT, *,
                 dataset_time_limit=None):
        # A call with any v2+ argument gets v7's reset (allowed at any time).
        self._v7_reset = (order_sampler is not None or dataset_timeout is not _V1_DEFAULT
                          or maxtasksperchild is not _V1_DEFAULT)
        self.dataset_timeout = 30.0 if dataset_timeout is _V1_DEFAULT else dataset_timeout
        _batch_wait.check_limit(dataset_time_limit, 'dataset_time_limit')
        self.dataset_time_limit = dataset_time_limit
        maxtasksperchild = None if maxtasksperchild is _V1_DEFAULT else maxtasksperchild
        if maxtasksperchild is not None:
            _epoch_order.check_positive_int(maxtasksperchild, 'maxtasksperchild')
        self.maxtasksperchild = maxtasksperchild
        n_processes = n_processes or os.cpu_count() or 1
        _epoch_order.check_positive_int(n_processes, 'n_processes')
        # v1 reads at least one batch ahead whatever n_prefetch says.
        _epoch_order.check_positive_int(max(n_prefetch, 1), 'n_prefetch')
        _check_shared_mem(shared_mem)
        self.dataset = dataset
        self.batch_size = batch_size
        self.n_processes = n_processes
        self.n_prefetch = max(n_prefetch, 1)
        self._order = _epoch_order.EpochOrder(len(dataset), batch_size, repeat, shuffle,
                                              order_sampler)
        self._state = self._order.state
        # Bytes per example slot; None until measured on the first batch.
        self._slot_size = shared_mem
        self._init_process_state()

    def _init_process_state(self):
        """Starts with no pool, no shared buffer and nothing read ahead."""
        self._pending = collections.deque()  # of _Pending, oldest first
        self._executor = None
        self._finalizer = None
        self._finalized = False
        self._memory = None  # the shared buffer, allocated with the pool
        self._buffer = None  # the same as a uint8 array
        self._region_futures = []  # per region: the futures that last wrote to it
        self._batches_in_pool = 0  # batches submitted to the current pool
        self._started = None  # a shared count of the started workers of the pool
        self._progress = None  # what the workers of the pool read (_worker_tasks)
        self._retired = []  # pools retired while running chunks (see _worker_pool.stop)

    def __copy__(self):
        """A copy that continues from the same state with its own workers."""
        clone = type(self).__new__(type(self))
        clone.__setstate__(self.__getstate__())
        return clone

    def __getstate__(self):
        """The iteration state and arguments; not the workers nor what they read."""
        state = {k: v for k, v in self.__dict__.items() if k not in _PROCESS_STATE}
        state['_order'] = copy.deepcopy(self._order)
        state['_order'].set_state(self._state)
        return state

    def __setstate__(self, state):
        self.dataset_time_limit = None  # absent from a pickle of an older version
        self.__dict__.update(state)
        self._init_process_state()

    def __next__(self):
        """Returns the next batch (a list of examples)."""
        try:
            self._prefetch()
            if not self._pending:
                raise StopIteration
            entry = self._pending.popleft()
            batch = self._collect(entry)
        except StopIteration:
            raise
        except BaseException as e:
            # Forget what was read ahead and rewind, so the next call retries this batch.
            self._recover(e)
            raise
        self._state = entry.state
        if self._slot_size is None:
            self._measure(batch)
        try:
            self._prefetch()
        except Exception as e:
            # Reading ahead failed (e.g. the pool broke): keep this batch; the next call
            # starts over from here and reports the error if it persists.
            self._recover(e)
        return batch

    def _collect(self, entry):
        """Waits for the chunks of a batch and returns its examples."""
        batch, lacking = [], 0
        progress = entry.progress
        _batch_wait.wait(
            entry.futures, entry.chunks, self._started,
            min(self.n_processes, len(entry.futures)), self.dataset_timeout,
            self.dataset_time_limit, MultiprocessIterator.TimeoutWarning,
            MultiprocessIterator.DatasetTimeoutError,
            None if progress is None else lambda: _worker_tasks.reading_now(progress))
        for future in entry.futures:
            examples, needed = future.result()
            batch.extend(examples)
            lacking = max(lacking, needed)
        if entry.region is not None:
            batch = [_shared_memory.unpack(example, self._buffer) for example in batch]
        if lacking:
            warnings.warn(
                'MultiprocessIterator: the shared memory of an example ({} bytes) is too '
                'small for its arrays ({} bytes); they were sent by pickle instead. Set '
                'the shared_mem option to at least {}.'.format(
                    self._slot_size, lacking, lacking), UserWarning, stacklevel=3)
        return batch

    def _measure(self, batch):
        """Sizes the slots from the first batch; a pool without shared memory is
        retired (it finishes what it was given) so that the next one has it."""
        self._slot_size = max([_shared_memory.needed_bytes(x) for x in batch] + [0])
        if self._slot_size and self._executor is not None:
            self._retire_pool()

    def _retire_pool(self):
        """Lets the current pool finish the chunks it was given (the batches read
        ahead need them) and end; the next batch starts a fresh pool."""
        self._finalizer.detach()
        self._retired[:] = _worker_pool.closing(self._retired)
        self._retired.append(_worker_pool.stop(self._executor, cancel=False))
        self._executor = None
        self._finalizer = None
        self._batches_in_pool = 0

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
                self._pending.append(self._submit(segments))
            except BaseException:
                self._order.set_state(before)
                raise

    def _submit(self, segments):
        """Hands the chunks of a batch to the workers; returns its _Pending entry."""
        executor = self._get_executor()
        region = self._free_region() if self._memory is not None else None
        chunks = _batch_segments.split_segments(segments, self.n_processes)
        self._batches_in_pool += 1
        futures = []
        first_slot = None if region is None else region * self.batch_size
        for chunk in chunks:
            futures.append(executor.submit(_worker_tasks.fetch, chunk, first_slot))
            if first_slot is not None:
                first_slot += sum(_batch_segments.segment_length(s) for s in chunk)
        if region is not None:
            self._region_futures[region] = futures
        entry = _Pending(futures, self._order.state, region, chunks, self._progress)
        if self.maxtasksperchild is not None and \
                self._batches_in_pool >= self.maxtasksperchild:
            self._retire_pool()
        return entry

    def _free_region(self):
        """Index of a region of the shared buffer that nothing writes to any more.

        A region is busy while its batch is pending, and also while chunks of a batch
        that was dropped (by a rewind) may still be running in a worker. There is one
        region more than batches read ahead, so one is always free or about to be
        (unless the dataset stalls: see ``_batch_wait.first_free``)."""
        busy = {entry.region for entry in self._pending}
        idle = [r for r in range(len(self._region_futures)) if r not in busy]
        return _batch_wait.first_free(self._region_futures, idle, self.dataset_time_limit,
                                      MultiprocessIterator.DatasetTimeoutError)

    def _recover(self, error):
        self._rewind()
        if isinstance(error, (KeyboardInterrupt, MultiprocessIterator.DatasetTimeoutError)):
            # Workers may be stuck in the dataset: end them now, not at exit.
            self._close(grace=0.0)
        elif isinstance(error, concurrent.futures.process.BrokenProcessPool):
            self._close(grace=None)  # a broken pool accepts no more work

    def _get_executor(self):
        if self._executor is None:
            if self._slot_size and self._memory is None:
                self._allocate_memory()
            self._started = multiprocessing.sharedctypes.Value('i', 0)
            self._progress = _worker_tasks.new_progress(self.n_processes)
            self._executor = _worker_pool.start(
                self.n_processes, _worker_tasks.init,
                (self.dataset, self._memory, self._slot_size or 0, self._started,
                 self._progress))
            # Runs on garbage collection; never waits for the workers there (the exit
            # hook of _worker_pool ends them, before the interpreter shuts down).
            self._finalizer = weakref.finalize(
                self, _shutdown, self._executor, self._pending, self._retired, None)
            self._finalized = False
        return self._executor

    def _allocate_memory(self):
        n_regions = self.n_prefetch + 1
        self._memory = multiprocessing.sharedctypes.RawArray(
            'b', n_regions * self.batch_size * self._slot_size)
        self._buffer = numpy.frombuffer(self._memory, numpy.uint8)
        self._region_futures = [[] for _ in range(n_regions)]

    def _rewind(self):
        """Drops the batches read ahead; the order continues after the visible state."""
        for entry in self._pending:
            for future in entry.futures:
                future.cancel()
        self._pending.clear()
        self._order.set_state(self._state)

    def _close(self, grace):
        if self._finalizer is not None:
            self._finalizer.detach()
            _shutdown(self._executor, self._pending, self._retired, grace)
        elif grace is not None and self._retired:
            _worker_pool.end(self._retired, grace)
            del self._retired[:]
        self._executor = None
        self._finalizer = None
        self._batches_in_pool = 0

    def finalize(self):
        """Stops the worker processes (the iterator restarts them if used again).

        Workers still running after one second (a stalled dataset) are terminated,
        then killed: it returns within a few seconds."""
        self._rewind()
        if self._executor is not None:
            self._finalized = True
        self._close(grace=_worker_pool.STOP_GRACE_S)

    def reset(self):
        """Restarts from the first epoch (with a new order when shuffling).

        Raises:
            NotImplementedError: after :meth:`finalize` stopped the workers; for a
                v1-style iterator (see the class) also in the middle of an epoch or
                after an epoch of a repeating iterator, as in Chainer v1.24.
        """
        state = self._state
        if self._finalized:
            raise NotImplementedError('a finalized MultiprocessIterator cannot be reset')
        if not self._v7_reset and state.position != 0:
            raise NotImplementedError('MultiprocessIterator cannot be reset in the middle '
                                      'of an epoch (as in Chainer v1)')
        if not self._v7_reset and state.epoch != 0 and self.repeat:
            raise NotImplementedError('a repeating MultiprocessIterator cannot be reset '
                                      'after its first epoch (as in Chainer v1)')
        self._rewind()
        self._order.reset()
        self._state = self._order.state

    def serialize(self, serializer):
        """Saves or loads the position, epoch, order and random state."""
        state = self._order.serialize_state(serializer, self._state)
        if serializer_module._is_validating(serializer):
            self._order.check_state(state)  # an all-or-nothing load's first pass
        elif not _epoch_order.same_state(state, self._state):
            # A state was loaded: what was read ahead belongs to the old position.
            self._rewind()
            self._order.set_state(state)
            self._state = state
