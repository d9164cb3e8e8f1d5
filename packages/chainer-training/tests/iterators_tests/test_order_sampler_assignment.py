"""Assigning ``order_sampler`` on an iterator (v7 code does, e.g. ChainerMN's
synchronized iterator)."""
import numpy
import pytest

from chainer import iterators


def _epoch(it, n):
    return sum([list(it.next()) for _ in range(n)], [])


@pytest.mark.parametrize('cls', [iterators.SerialIterator, iterators.MultithreadIterator])
def test_assigned_sampler_orders_every_epoch_after_reset(cls):
    data = list(range(6))
    a, b = cls(data, 3), cls(data, 3)
    for it, seed in ((a, 1), (b, 1)):
        it.order_sampler = iterators.ShuffleOrderSampler(numpy.random.RandomState(seed))
        it.reset()
    first, second = _epoch(a, 4), _epoch(b, 4)
    assert first == second  # same seed, same orders, whatever each iterator drew before
    expected_rng = numpy.random.RandomState(1)
    expected = list(expected_rng.permutation(6)) + list(expected_rng.permutation(6))
    assert first == expected
    assert isinstance(a.order_sampler, iterators.ShuffleOrderSampler)


def test_assigning_none_visits_in_index_order():
    it = iterators.SerialIterator(list(range(5)), 5)
    it.order_sampler = None
    it.reset()
    assert list(it.next()) == list(range(5)) and not it.shuffle
