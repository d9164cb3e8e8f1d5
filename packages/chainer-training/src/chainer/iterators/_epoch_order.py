"""Which examples form each batch: the position, epoch and shuffle order of a sweep.

Both iterators share this, so they produce the same batches for the same seed, and both
serialize the same state: the position, the epoch, the order permutation and the random
state, which is all a resumed run needs to see the same batches again.
"""
import collections
import math
import numbers

import numpy

from chainer import serializer as serializer_module
from chainer.utils import _random_state as random_state

_peek = serializer_module._peek

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
        shuffle (bool or None): Visit the examples in a new random order at each sweep
            (None: shuffle unless ``order_sampler`` is given). The seed of the
            iterator's own RandomState is drawn from :mod:`numpy.random`, so
            ``numpy.random.seed`` makes the orders reproducible.
        order_sampler (callable or None): ``order_sampler(order, position)`` returns
            the order of the next epoch (see
            :class:`~chainer.iterators.OrderSampler`); the epoch size is the length
            of that order; it replaces the default shuffling (not with
            ``shuffle=False``).
    """

    def __init__(self, size, batch_size, repeat, shuffle, order_sampler=None):
        check_positive_int(batch_size, 'batch_size')
        if size <= 0:
            raise ValueError('the dataset is empty: an iterator needs at least one example')
        if shuffle is False and order_sampler is not None:
            raise ValueError('an order_sampler is given with shuffle=False: leave shuffle '
                             'out (or None) to use a custom order sampler')
        self.size = size
        self.batch_size = batch_size
        self.repeat = repeat
        self.sampler = order_sampler
        self.shuffle = order_sampler is None and shuffle is not False
        self._rng = (numpy.random.RandomState(numpy.random.randint(2 ** 31))
                     if self.shuffle else None)
        self.reset()

    def reset(self):
        """Goes back to the start of the first epoch (with a fresh order if shuffling)."""
        if self.sampler is not None:
            order, rng_state = self._sampled(numpy.arange(self.size), 0, None), None
        else:
            order, rng_state = self._new_order()
        self.state = EpochState(0, 0, False, -1., order, rng_state)

    def set_state(self, state):
        """Continues from ``state`` (e.g. one loaded by :meth:`serialize_state`)."""
        self.check_state(state)
        if self._rng is not None and state.rng_state is not None:
            self._rng.set_state(state.rng_state)
        self.state = state

    def _new_order(self):
        if self._rng is None:
            return None, None
        order = self._rng.permutation(self.size)
        return order, self._rng.get_state()

    def _sampled(self, order, position, previous):
        new = numpy.asarray(self.sampler(order, position))
        if new.ndim != 1 or (previous is not None and len(new) != len(previous)):
            raise ValueError('the order sampler returned an order of shape {} where the '
                             'previous order had length {}; its length must stay the '
                             'same'.format(new.shape, len(order)))
        if len(new) == 0:
            raise ValueError('the order sampler returned an empty order')
        return new

    def epoch_size(self, state):
        """Number of examples of an epoch: the length of the order, else the size."""
        return self.size if state.order is None else len(state.order)

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
        size = self.epoch_size(s)
        segments = []
        while True:
            end = min(position + need, size)
            segments.append(slice(position, end) if order is None else order[position:end])
            need -= end - position
            start, position = position, end
            if position == size:
                epoch += 1
                position = 0
                if self.sampler is not None:
                    order = self._sampled(order, start, order)
                if not self.repeat:
                    break
                if self._rng is not None:
                    order, rng_state = self._new_order()
            if need == 0:
                break
        self.state = EpochState(position, epoch, epoch > s.epoch,
                                s.epoch + s.position / size, order, rng_state)
        return segments

    def epoch_detail(self, state):
        """Floating-point epoch of ``state``, e.g. 2.5 in the middle of the third sweep."""
        return state.epoch + state.position / self.epoch_size(state)

    def serialize_state(self, serializer, state):
        """Saves or loads ``state`` through ``serializer`` and returns the resulting state.

        The serializer follows Chainer's protocol ``value = serializer(key, value)``: a
        serializer stores ``value`` and returns it, a deserializer returns the stored
        value (copying into ``value`` in place when it is an array, which is why copies
        are passed). Snapshots of the original Chainer v1 iterators are loaded too: they
        store the order as ``_order`` and have neither the random state (the current
        one is kept) nor ``previous_epoch_detail`` (it is estimated from the position).
        """
        position = int(_peek(serializer, 'current_position', state.position))
        epoch = int(_peek(serializer, 'epoch', state.epoch))
        is_new_epoch = bool(_peek(serializer, 'is_new_epoch', state.is_new_epoch))
        try:
            previous = _peek(serializer, 'previous_epoch_detail',
                             state.previous_epoch_detail)
        except KeyError:  # a v1 snapshot: one batch back, as far as the start
            previous = max(epoch + (position - self.batch_size) / self.epoch_size(state),
                           0.) \
                if epoch or position else -1.
        order, rng_state = state.order, state.rng_state
        if order is not None:
            order = _load_either(serializer, ('order', '_order'), order.copy())
        if rng_state is not None:
            rng_state = random_state.serialize(serializer, rng_state) or rng_state
        return EpochState(position, epoch, is_new_epoch, float(previous), order, rng_state)

    def check_state(self, state):
        """Raises :class:`StateEntryError` (a ValueError naming the entry) when
        ``state`` (e.g. one loaded from a damaged file) could not continue this sweep."""
        size = self.epoch_size(state)
        if not 0 <= state.position < max(size, 1):
            raise StateEntryError('current_position', 'the saved position {} does not fit '
                                  'an epoch of {} examples'.format(state.position, size))
        if state.epoch < 0:
            raise StateEntryError('epoch', 'the saved epoch {} is negative'.format(
                state.epoch))
        previous = state.previous_epoch_detail
        if not (math.isfinite(previous) and previous >= -1):
            raise StateEntryError('previous_epoch_detail', 'the saved previous epoch '
                                  'detail {} is not a finite number of at least -1 (the '
                                  'value before the first batch)'.format(previous))
        if self.sampler is not None:
            if state.order is not None and len(state.order) and not (
                    0 <= numpy.min(state.order) and numpy.max(state.order) < self.size):
                raise StateEntryError('order', 'the saved order has indices outside the '
                                      '{} examples of the dataset'.format(self.size))
        elif state.order is not None and (
                len(state.order) != self.size or
                not numpy.array_equal(numpy.sort(state.order), numpy.arange(self.size))):
            raise StateEntryError('order', 'the saved order is not a permutation of the '
                                  '{} examples of the dataset'.format(self.size))


class StateEntryError(ValueError):
    """A loaded iterator state that cannot continue the sweep; :attr:`entry` is the
    key of the entry at fault (``current_position``, ``epoch``,
    ``previous_epoch_detail`` or ``order``)."""

    def __init__(self, entry, message):
        super(StateEntryError, self).__init__('entry {!r}: {}'.format(entry, message))
        self.entry = entry


def _load_either(serializer, keys, value):
    """``serializer(key, value)`` with the first of ``keys`` a loaded snapshot has
    (KeyError if it has none); a saving serializer stores under ``keys[0]``."""
    for key in keys[:-1]:
        try:
            return _peek(serializer, key, value)
        except KeyError:
            pass
    return _peek(serializer, keys[-1], value)


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
