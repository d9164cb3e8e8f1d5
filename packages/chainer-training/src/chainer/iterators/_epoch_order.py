"""Which examples form each batch: the position, epoch and shuffle order of a sweep.

Both iterators share this, so they produce the same batches for the same seed, and both
serialize the same state: the position, the epoch, the order permutation and the random
state, which is all a resumed run needs to see the same batches again.
"""
import collections
import numbers

import numpy

#: The iteration state after some batch. ``order`` is None without shuffling and is
#: never modified in place (a new permutation is made per epoch), so states can be kept
#: as cheap snapshots. ``rng_state`` is the RandomState state right after ``order`` was
#: drawn (None without shuffling). ``previous_epoch_detail`` is -1 before the first batch.
EpochState = collections.namedtuple(
    'EpochState', ['position', 'epoch', 'is_new_epoch', 'previous_epoch_detail', 'order',
                   'rng_state'])


def check_positive_int(value, name):
    """Raises ValueError naming ``name`` unless ``value`` is an int (not a bool) > 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value <= 0:
        raise ValueError('{} must be a positive int, got {!r}'.format(name, value))


class EpochOrder(object):
    """Produces the index segments of successive batches over a dataset of ``size``.

    Args:
        size (int): Number of examples.
        batch_size (int): Number of examples per batch.
        repeat (bool): Loop forever; otherwise stop after one sweep.
        shuffle (bool): Visit the examples in a new random order at each sweep. The seed
            of the iterator's own RandomState is drawn from :mod:`numpy.random`, so
            ``numpy.random.seed`` makes the orders reproducible.
    """

    def __init__(self, size, batch_size, repeat, shuffle):
        check_positive_int(batch_size, 'batch_size')
        if size <= 0:
            raise ValueError('the dataset is empty: an iterator needs at least one example')
        self.size = size
        self.batch_size = batch_size
        self.repeat = repeat
        self.shuffle = shuffle
        self._rng = (numpy.random.RandomState(numpy.random.randint(2 ** 31))
                     if shuffle else None)
        self.reset()

    def reset(self):
        """Goes back to the start of the first epoch (with a fresh order if shuffling)."""
        order, rng_state = self._new_order()
        self.state = EpochState(0, 0, False, -1., order, rng_state)

    def set_state(self, state):
        """Continues from ``state`` (e.g. one loaded by :meth:`serialize_state`)."""
        if state.order is not None and len(state.order) != self.size:
            raise ValueError('the saved order has {} entries but the dataset has {} '
                             'examples'.format(len(state.order), self.size))
        if self._rng is not None and state.rng_state is not None:
            self._rng.set_state(state.rng_state)
        self.state = state

    def _new_order(self):
        if self._rng is None:
            return None, None
        order = self._rng.permutation(self.size)
        return order, self._rng.get_state()

    def next_segments(self):
        """Advances by one batch and returns its indices as a list of segments.

        Each segment is a ``slice`` (no shuffling) or an int array of indices; a batch
        that crosses the end of an epoch has several.

        Raises:
            StopIteration: after the first sweep when not repeating.
        """
        s = self.state
        if not self.repeat and s.epoch > 0:
            raise StopIteration
        position, epoch, order, rng_state = s.position, s.epoch, s.order, s.rng_state
        need = self.batch_size
        segments = []
        while True:
            end = min(position + need, self.size)
            segments.append(slice(position, end) if order is None else order[position:end])
            need -= end - position
            position = end
            if position == self.size:
                epoch += 1
                position = 0
                if not self.repeat:
                    break
                if self._rng is not None:
                    order, rng_state = self._new_order()
            if need == 0:
                break
        self.state = EpochState(position, epoch, epoch > s.epoch,
                                s.epoch + s.position / self.size, order, rng_state)
        return segments

    def epoch_detail(self, state):
        """Floating-point epoch of ``state``, e.g. 2.5 in the middle of the third sweep."""
        return state.epoch + state.position / self.size

    def serialize_state(self, serializer, state):
        """Saves or loads ``state`` through ``serializer`` and returns the resulting state.

        The serializer follows Chainer's protocol ``value = serializer(key, value)``: a
        serializer stores ``value`` and returns it, a deserializer returns the stored
        value (copying into ``value`` in place when it is an array, which is why copies
        are passed). Snapshots of the original Chainer v1 iterators are loaded too: they
        store the order as ``_order`` and have neither the random state (the current
        one is kept) nor ``previous_epoch_detail`` (it is estimated from the position).
        """
        position = int(serializer('current_position', state.position))
        epoch = int(serializer('epoch', state.epoch))
        is_new_epoch = bool(serializer('is_new_epoch', state.is_new_epoch))
        try:
            previous = serializer('previous_epoch_detail', state.previous_epoch_detail)
        except KeyError:  # a v1 snapshot: one batch back, as far as the start
            previous = max(epoch + (position - self.batch_size) / self.size, 0.) \
                if epoch or position else -1.
        order, rng_state = state.order, state.rng_state
        if order is not None:
            order = _load_either(serializer, ('order', '_order'), order.copy())
        if rng_state is not None:
            algorithm, keys, pos, has_gauss, cached_gaussian = rng_state
            rng_state = (algorithm,
                         _optional(serializer, 'rng_keys', keys.copy()),
                         int(_optional(serializer, 'rng_pos', int(pos))),
                         int(_optional(serializer, 'rng_has_gauss', int(has_gauss))),
                         float(_optional(serializer, 'rng_cached_gaussian',
                                         float(cached_gaussian))))
        return EpochState(position, epoch, is_new_epoch, float(previous), order, rng_state)


def _optional(serializer, key, value):
    """Like ``serializer(key, value)``, keeping ``value`` when a loaded snapshot lacks the
    entry (snapshots of the original Chainer v1 iterators have no random state)."""
    try:
        return serializer(key, value)
    except KeyError:
        return value


def _load_either(serializer, keys, value):
    """``serializer(key, value)`` with the first of ``keys`` a loaded snapshot has
    (KeyError if it has none); a saving serializer stores under ``keys[0]``."""
    for key in keys[:-1]:
        try:
            return serializer(key, value)
        except KeyError:
            pass
    return serializer(keys[-1], value)


def same_state(a, b):
    """True when two states are equal (used to skip needless work after saving)."""
    if a[:4] != b[:4]:
        return False
    if (a.order is None) != (b.order is None) or (a.rng_state is None) != (b.rng_state is None):
        return False
    if a.order is not None and not numpy.array_equal(a.order, b.order):
        return False
    if a.rng_state is not None:
        return (a.rng_state[2:] == b.rng_state[2:]
                and numpy.array_equal(a.rng_state[1], b.rng_state[1]))
    return True
