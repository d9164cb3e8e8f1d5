"""``create_synchronized_iterator``: every process shuffles its own copy of the data in
the same order."""
import numpy

import chainer
from chainer.dataset import iterator as iterator_module


class _SynchronizedIterator(iterator_module.Iterator):
    """Wraps an iterator whose order sampler was replaced by one seeded alike on every
    process; everything else is the wrapped iterator's."""

    def __init__(self, actual_iterator, communicator, rng):
        object.__setattr__(self, 'actual_iterator', actual_iterator)
        object.__setattr__(self, 'communicator', communicator)
        object.__setattr__(self, '_rng', rng)

    def __next__(self):
        return next(self.actual_iterator)

    next = __next__

    def __getattr__(self, name):
        if name.startswith('__') or name in ('actual_iterator', '_rng'):  # copy, pickle
            raise AttributeError(name)
        return getattr(self.actual_iterator, name)

    def __setattr__(self, name, value):
        setattr(self.actual_iterator, name, value)

    def serialize(self, serializer):
        """Saves or loads the wrapped iterator's state and the shared random state of
        its order sampler (so a resumed run draws the orders of an uninterrupted one;
        a snapshot without it, as ChainerMN v7 wrote, keeps the current one)."""
        self.actual_iterator.serialize(serializer)
        _, keys, pos = self._rng.get_state()[:3]
        try:
            keys = serializer('synchronized_rng_keys', keys.copy())
            pos = serializer('synchronized_rng_pos', int(pos))
        except KeyError:
            return
        if isinstance(serializer, chainer.serializer.Deserializer):
            self._rng.set_state(('MT19937', numpy.asarray(keys, numpy.uint32), int(pos)))

    def finalize(self):
        """Finalizes the wrapped iterator."""
        self.actual_iterator.finalize()


def create_synchronized_iterator(actual_iterator, communicator):
    """Makes an iterator give the same batches, in the same shuffled order, on every
    process of ``communicator``.

    Each process holds the whole dataset and reads its batches itself (nothing is sent
    per batch, unlike :func:`~chainermn.iterators.create_multi_node_iterator`): rank 0
    draws a seed, every rank gets it, and the iterator's order sampler becomes a
    :class:`~chainer.iterators.ShuffleOrderSampler` over a ``RandomState`` of that seed;
    the iterator is then reset. For model parallelism, where the processes holding the
    parts of one model must see the same examples. Must be called by every process at
    the same time (it broadcasts the seed).

    Args:
        actual_iterator: an iterator with an ``order_sampler`` attribute
            (``SerialIterator``, ``MultiprocessIterator``, ``MultithreadIterator``),
            over the same dataset on every process.
        communicator: a ChainerMN communicator.

    Returns:
        An iterator that behaves as ``actual_iterator`` (attributes, ``serialize``,
        ``reset``), giving the same batches on every process.

    Raises:
        ValueError: ``actual_iterator`` has no ``order_sampler``.
    """
    if not hasattr(actual_iterator, 'order_sampler'):
        raise ValueError('create_synchronized_iterator needs an iterator with an '
                         'order_sampler (SerialIterator, MultiprocessIterator, ...), got '
                         '{}'.format(type(actual_iterator).__name__))
    seed = numpy.random.randint(0, 2 ** 31) if communicator.rank == 0 else None
    seed = communicator.bcast_obj(seed, root=0)
    rng = numpy.random.RandomState(seed)
    actual_iterator.order_sampler = chainer.iterators.ShuffleOrderSampler(rng)
    actual_iterator.reset()
    return _SynchronizedIterator(actual_iterator, communicator, rng)
