"""``MultithreadIterator``: loads the batches ahead of time in a pool of threads."""
import concurrent.futures
import copy

from chainer import serializer as serializer_module
from chainer.iterators import _batch_segments
from chainer.iterators import _epoch_order
from chainer.iterators import _iteration_state


class MultithreadIterator(_iteration_state.StatefulIterator):
    """Dataset iterator that reads the examples in parallel threads.

    It yields the batches :class:`SerialIterator` would (same order logic, same random
    state handling); each batch is split among ``n_threads`` threads and the next batch
    is read while the caller works on the current one. Threads suit datasets whose
    ``__getitem__`` releases the GIL (file reads, image decoding, numpy). An exception
    raised by the dataset is re-raised by :meth:`__next__`, and the failed batch is read
    again on the next call. :meth:`reset` works at any time, also after
    :meth:`finalize` (the threads are started again when needed).

    Args:
        dataset: Dataset to iterate (supports ``len`` and indexing).
        batch_size (int): Number of examples within each batch.
        repeat (bool): Loop over the dataset forever; otherwise stop at the end of the
            first epoch (the last batch may be smaller).
        shuffle (bool or None): Shuffle the order at the beginning of each epoch; None
            shuffles unless ``order_sampler`` is given.
        n_threads (int): Number of threads reading the examples.
        order_sampler (callable or None): Chooses the order of each epoch (see
            :class:`~chainer.iterators.OrderSampler`); it replaces the shuffling
            (an error with ``shuffle=False``).
    """

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, n_threads=1,
                 order_sampler=None):
        _epoch_order.check_positive_int(n_threads, 'n_threads')
        self.dataset = dataset
        self.batch_size = batch_size
        self.n_threads = n_threads
        self._order = _epoch_order.EpochOrder(len(dataset), batch_size, repeat, shuffle,
                                              order_sampler)
        self._state = self._order.state
        self._executor = None
        self._pending = None  # (futures of the next batch's chunks, state after it)

    def __copy__(self):
        """A copy that continues from the same state with its own threads."""
        clone = type(self).__new__(type(self))
        clone.__dict__.update(self.__getstate__())
        return clone

    def __getstate__(self):
        state = dict(self.__dict__)
        state['_order'] = copy.deepcopy(self._order)
        state['_order'].set_state(self._state)
        state['_executor'] = None
        state['_pending'] = None
        return state

    def __next__(self):
        """Returns the next batch (a list of examples)."""
        if self._pending is None:
            self._pending = self._submit()  # StopIteration at the end
        futures, state = self._pending
        self._pending = None
        try:
            batch = []
            for future in futures:
                batch.extend(future.result())
        except BaseException:
            self._rewind()
            raise
        self._state = state
        try:
            self._pending = self._submit()
        except StopIteration:
            pass
        return batch

    def _submit(self):
        segments = self._order.next_segments()
        if self._executor is None:
            self._executor = concurrent.futures.ThreadPoolExecutor(
                self.n_threads, thread_name_prefix='MultithreadIterator')
        chunks = _batch_segments.split_segments(segments, self.n_threads)
        futures = [self._executor.submit(_batch_segments.fetch_examples, self.dataset,
                                         chunk) for chunk in chunks]
        return futures, self._order.state

    def _visible_state(self):
        return self._state

    def _rewind(self):
        """Drops the batch read ahead; the order continues after the visible state."""
        if self._pending is not None:
            for future in self._pending[0]:
                future.cancel()
            self._pending = None
        self._order.set_state(self._state)

    def reset(self):
        """Restarts from the first epoch (with a new order when shuffling)."""
        self._rewind()
        self._order.reset()
        self._state = self._order.state

    def finalize(self):
        """Stops the threads (they start again if the iterator is used again)."""
        self._rewind()
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None

    def serialize(self, serializer):
        """Saves or loads the position, epoch, order and random state (the keys of
        :class:`SerialIterator`, so snapshots move between the iterators)."""
        state = self._order.serialize_state(serializer, self._state)
        if serializer_module._is_validating(serializer):
            self._order.check_state(state)
        elif not _epoch_order.same_state(state, self._state):
            self._rewind()
            self._order.set_state(state)
            self._state = state
