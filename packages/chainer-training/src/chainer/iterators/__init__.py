"""Dataset iterators."""
from chainer.iterators.multiprocess_iterator import MultiprocessIterator
from chainer.iterators.serial_iterator import SerialIterator

__all__ = ['MultiprocessIterator', 'SerialIterator']
