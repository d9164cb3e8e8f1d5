"""``create_multi_node_iterator``: one process reads the batches, the others receive
them."""
import copy

from chainer import serializer as serializer_module
from chainer.dataset import iterator as iterator_module

#: The attributes of an iterator's position that the master sends with each batch.
_STATE = ('epoch', 'current_position', 'is_new_epoch', 'epoch_detail',
          'previous_epoch_detail')


def _state_of(actual_iterator):
    return {name: getattr(actual_iterator, name, None) for name in _STATE}


class _Recorder(serializer_module.Serializer):
    """A serializer that keeps what it is given: ``items`` lists ``(path, value)``."""

    def __init__(self, items=None, prefix=''):
        self.items = [] if items is None else items
        self.prefix = prefix

    def __getitem__(self, key):
        return _Recorder(self.items, self.prefix + key + '/')

    def __call__(self, key, value):
        self.items.append((self.prefix + key, copy.deepcopy(value)))
        return value


def _write(serializer, path, value):
    *groups, key = path.split('/')
    for group in groups:
        serializer = serializer[group]
    serializer(key, value)


class _MultiNodeIteratorMaster(iterator_module.Iterator):
    """The reading process: the wrapped iterator's batches, each broadcast with the
    iterator's position (or the end of the data) to the other processes."""

    def __init__(self, actual_iterator, communicator, rank_master):
        object.__setattr__(self, 'actual_iterator', actual_iterator)
        object.__setattr__(self, 'communicator', communicator)
        object.__setattr__(self, 'rank_master', rank_master)
        communicator.bcast_obj(_state_of(actual_iterator), root=rank_master)

    def __next__(self):
        try:
            batch = next(self.actual_iterator)
        except StopIteration:
            self.communicator.bcast_obj(None, root=self.rank_master)
            raise
        self.communicator.bcast_obj((batch, _state_of(self.actual_iterator)),
                                    root=self.rank_master)
        return batch

    next = __next__

    def __getattr__(self, name):
        if name.startswith('__') or name == 'actual_iterator':  # copy, pickle
            raise AttributeError(name)
        return getattr(self.actual_iterator, name)

    def __setattr__(self, name, value):
        setattr(self.actual_iterator, name, value)

    def serialize(self, serializer):
        """Saves or loads the wrapped iterator, then gives the other processes its
        state (every process must call it at the same time)."""
        self.actual_iterator.serialize(serializer)
        record = _Recorder()
        self.actual_iterator.serialize(record)  # the (loaded) state, as saved
        self.communicator.bcast_obj((record.items, _state_of(self.actual_iterator)),
                                    root=self.rank_master)

    def finalize(self):
        """Finalizes the wrapped iterator."""
        self.actual_iterator.finalize()


class _MultiNodeIteratorSlave(iterator_module.Iterator):
    """A receiving process: the master's batches, with its position attributes."""

    def __init__(self, communicator, rank_master):
        self.communicator = communicator
        self.rank_master = rank_master
        self._set_state(communicator.bcast_obj(None, root=rank_master))

    def _set_state(self, state):
        for name in _STATE:
            setattr(self, name, state[name])

    def __next__(self):
        message = self.communicator.bcast_obj(None, root=self.rank_master)
        if message is None:
            raise StopIteration
        batch, state = message
        self._set_state(state)
        return batch

    next = __next__

    def serialize(self, serializer):
        """Saving writes the master's iterator state under its keys (a plain iterator
        can load it); loading takes the master's loaded position and reads nothing
        (every process must call it at the same time)."""
        items, state = self.communicator.bcast_obj(None, root=self.rank_master)
        if not isinstance(serializer, serializer_module.Deserializer):
            for path, value in items:
                _write(serializer, path, value)
        self._set_state(state)


def create_multi_node_iterator(actual_iterator, communicator, rank_master=0):
    """Makes one process read the batches and broadcast them to the others.

    On rank ``rank_master`` the result reads from ``actual_iterator`` and sends every
    batch (pickled: any example type moves unchanged) with the iterator's position;
    on the other ranks it returns the received batches, and its ``epoch``,
    ``current_position``, ``is_new_epoch``, ``epoch_detail`` and
    ``previous_epoch_detail`` follow the master's. When the master's iterator ends
    (``repeat=False``), every process's iteration ends. For model parallelism, where
    the parts of one model on several processes need the same batch, e.g. the
    encoder's inputs and the decoder's targets. Every process must create it, call
    ``next`` and ``serialize`` at the same time (they are collective).

    Args:
        actual_iterator: the iterator read on ``rank_master`` (ignored elsewhere:
            pass None there).
        communicator: a ChainerMN communicator.
        rank_master (int): the rank that reads the data.

    Returns:
        An iterator: on ``rank_master`` it behaves as ``actual_iterator``
        (attributes, ``reset``, ``serialize``); elsewhere it gives the master's
        batches.
    """
    if not 0 <= rank_master < communicator.size:
        raise ValueError('rank_master must be a rank in [0, {}), got {}'.format(
            communicator.size, rank_master))
    if communicator.rank == rank_master:
        return _MultiNodeIteratorMaster(actual_iterator, communicator, rank_master)
    return _MultiNodeIteratorSlave(communicator, rank_master)
