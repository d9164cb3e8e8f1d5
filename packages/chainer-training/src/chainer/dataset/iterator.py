"""``Iterator``: the interface every dataset iterator implements."""


class Iterator(object):
    """Base class of all dataset iterators.

    An iterator yields a minibatch (a list of examples) at each step. Implementations
    provide the attributes ``batch_size``, ``epoch`` (completed sweeps),
    ``epoch_detail`` (fractional epoch, e.g. 2.5 in the middle of the third sweep) and
    ``is_new_epoch`` (True when the last step completed a sweep), and implement
    :meth:`__next__` and :meth:`serialize`.
    """

    def __iter__(self):
        """Returns self."""
        return self

    def __next__(self):
        """Returns the next batch; may raise :class:`StopIteration`."""
        raise TypeError(
            '{} must implement __next__'.format(type(self).__name__))

    def next(self):
        """Python 2 alternative of :meth:`__next__`; calls it."""
        return self.__next__()

    def finalize(self):
        """Finalizes the iterator and releases its resources (nothing by default)."""
        pass

    def serialize(self, serializer):
        """Serializes the state that changes over the iteration (nothing by default).

        What the user sets (the batch size, ...) is not part of the state.
        """
        pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.finalize()
