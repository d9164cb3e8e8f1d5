"""The public iteration attributes shared by the iterators, read from an EpochState."""
from chainer.dataset import iterator


class StatefulIterator(iterator.Iterator):
    """Base of the iterators: attributes computed from ``self._visible_state()``.

    Subclasses set ``dataset``, ``batch_size`` and ``_order`` (an
    :class:`~chainer.iterators._epoch_order.EpochOrder`) and implement
    ``_visible_state`` (the state after the last batch returned to the caller).
    """

    @property
    def epoch(self):
        """Number of completed sweeps over the dataset."""
        return self._visible_state().epoch

    @property
    def epoch_detail(self):
        """Floating-point number of epochs, e.g. 2.5 in the middle of the third sweep."""
        return self._order.epoch_detail(self._visible_state())

    @property
    def previous_epoch_detail(self):
        """``epoch_detail`` before the last batch, or None before the first batch."""
        previous = self._visible_state().previous_epoch_detail
        return None if previous < 0 else previous

    @property
    def is_new_epoch(self):
        """True when the last batch completed a sweep."""
        return self._visible_state().is_new_epoch

    @property
    def current_position(self):
        """Index (in the current sweep order) of the next example to read."""
        return self._visible_state().position

    @property
    def repeat(self):
        """Whether the iterator loops over the dataset forever."""
        return self._order.repeat

    @property
    def order_sampler(self):
        """The order sampler given to the iterator; with the default shuffling, a
        :class:`~chainer.iterators.ShuffleOrderSampler` over the iterator's own
        random state; None without shuffling."""
        order = self._order
        if order.sampler is not None or order._rng is None:
            return order.sampler
        from chainer.iterators import order_samplers
        return order_samplers.ShuffleOrderSampler(order._rng)

    @order_sampler.setter
    def order_sampler(self, sampler):
        """Replaces the order sampler (v7 code, e.g. ChainerMN's synchronized iterator,
        assigns it): the orders from the next epoch, or from :meth:`reset`, come from
        ``sampler`` (None: the examples in index order, as in v7)."""
        order = self._order
        order.sampler = sampler
        order.shuffle = False
        order._rng = None

    @property
    def shuffle(self):
        """Whether each sweep visits the examples in a new random order."""
        return self._order.shuffle
