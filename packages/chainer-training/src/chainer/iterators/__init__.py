"""Dataset iterators and the order samplers they take."""
from chainer.iterators.dali_iterator import DaliIterator
from chainer.iterators.multiprocess_iterator import MultiprocessIterator
from chainer.iterators.multithread_iterator import MultithreadIterator
from chainer.iterators.order_samplers import OrderSampler, ShuffleOrderSampler
from chainer.iterators.serial_iterator import SerialIterator

__all__ = ['DaliIterator', 'MultiprocessIterator', 'MultithreadIterator', 'OrderSampler',
           'SerialIterator', 'ShuffleOrderSampler']
