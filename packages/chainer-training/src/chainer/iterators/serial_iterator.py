"""``SerialIterator``: reads the batches in the calling thread."""
from chainer import serializer as serializer_module
from chainer.iterators import _batch_segments
from chainer.iterators import _epoch_order
from chainer.iterators import _iteration_state


class SerialIterator(_iteration_state.StatefulIterator):
    """Dataset iterator that serially reads the examples.

    It visits the examples in index order or, with ``shuffle``, in a new random order
    at each epoch (drawn from the iterator's own RandomState seeded from
    :mod:`numpy.random`). A batch that crosses the end of an epoch is completed with the
    first examples of the next one. :meth:`serialize` saves the position, epoch, order
    and random state, so a resumed run sees the same batches.

    Args:
        dataset: Dataset to iterate (supports ``len`` and indexing).
        batch_size (int): Number of examples within each batch.
        repeat (bool): Loop over the dataset forever; otherwise stop at the end of the
            first epoch (the last batch may be smaller).
        shuffle (bool or None): Shuffle the order at the beginning of each epoch
            (None: the same as True, as in v2+).
        order_sampler (callable or None): Chooses the order of each epoch (see
            :class:`~chainer.iterators.OrderSampler`); it replaces the shuffling
            (an error with ``shuffle=False``).
    """

    def __init__(self, dataset, batch_size, repeat=True, shuffle=True, order_sampler=None):
        self.dataset = dataset
        self.batch_size = batch_size
        self._order = _epoch_order.EpochOrder(len(dataset), batch_size, repeat, shuffle,
                                              order_sampler)

    def __next__(self):
        """Returns the next batch (a list of examples)."""
        segments = self._order.next_segments()
        return _batch_segments.fetch_examples(self.dataset, segments)

    def _visible_state(self):
        return self._order.state

    def reset(self):
        """Restarts from the first epoch (with a new order when shuffling)."""
        self._order.reset()

    def serialize(self, serializer):
        """Saves or loads the position, epoch, order and random state."""
        state = self._order.serialize_state(serializer, self._order.state)
        if serializer_module._is_validating(serializer):
            self._order.check_state(state)  # an all-or-nothing load's first pass
        else:
            self._order.set_state(state)
