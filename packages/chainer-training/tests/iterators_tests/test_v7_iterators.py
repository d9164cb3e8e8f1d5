"""The v2+ iterator API: order samplers, MultithreadIterator, the v7 arguments of
MultiprocessIterator (order_sampler, dataset_timeout, maxtasksperchild), pickling."""
import copy
import pickle
import time
import warnings

import numpy
import pytest

from chainer import iterators
from chainer import serializers
from chainer.iterators import _batch_segments


def _repeat_sampler(order, position):
    return numpy.array([0, 0, 1, 1, 2, 2])


class _Reversed(object):
    def __call__(self, order, position):
        return numpy.arange(len(order))[::-1]


class _Stalling(object):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        if i == 3:
            time.sleep(1.0)
        return i


class _IntOnly(object):
    """A dataset whose __getitem__ takes ints only (as v7 allows)."""
    def __len__(self):
        return 5

    def __getitem__(self, i):
        return (int(i), int(i) * 2)


@pytest.mark.parametrize('make', [
    lambda d, b, **kw: iterators.SerialIterator(d, b, **kw),
    lambda d, b, **kw: iterators.MultithreadIterator(d, b, n_threads=2, **kw),
    lambda d, b, **kw: iterators.MultiprocessIterator(d, b, n_processes=2, **kw),
])
def test_order_sampler_sets_epoch_size(make):
    it = make([10, 11, 12], 2, order_sampler=_repeat_sampler)
    batches = [it.next() for _ in range(3)]
    assert sum(batches, []) == [10, 10, 11, 11, 12, 12]
    assert it.is_new_epoch and it.epoch == 1
    assert it.epoch_detail == pytest.approx(1.0)
    assert it.previous_epoch_detail == pytest.approx(4 / 6)
    it.finalize()


def test_sampler_with_shuffle_is_an_error_and_bad_length_raises():
    with pytest.raises(ValueError, match='shuffle'):
        iterators.SerialIterator([1, 2], 1, shuffle=False, order_sampler=_Reversed())
    it = iterators.SerialIterator([1, 2], 2, shuffle=True, order_sampler=_Reversed())
    assert it.next() == [2, 1]
    calls = []

    def shrinking(order, position):
        calls.append(position)
        return numpy.arange(len(order) - len(calls) + 1)

    it = iterators.SerialIterator([1, 2, 3], 3, order_sampler=shrinking)
    with pytest.raises(ValueError, match='length'):
        it.next()


def test_shuffle_order_sampler_is_reproducible():
    a = iterators.SerialIterator(list(range(7)), 7, order_sampler=iterators.ShuffleOrderSampler(
        numpy.random.RandomState(3)))
    b = iterators.SerialIterator(list(range(7)), 7, order_sampler=iterators.ShuffleOrderSampler(
        numpy.random.RandomState(3)))
    for _ in range(3):
        x = a.next()
        assert x == b.next() and sorted(x) == list(range(7))
    assert isinstance(iterators.SerialIterator([1], 1).order_sampler,
                      iterators.ShuffleOrderSampler)
    assert iterators.SerialIterator([1], 1, shuffle=False).order_sampler is None


@pytest.mark.parametrize('n_threads', [1, 3])
def test_multithread_iterator_matches_serial_and_resets(n_threads):
    data = list(range(7))
    it = iterators.MultithreadIterator(data, 3, repeat=False, shuffle=False,
                                       n_threads=n_threads)
    assert [it.next() for _ in range(3)] == [[0, 1, 2], [3, 4, 5], [6]]
    with pytest.raises(StopIteration):
        it.next()
    it.reset()
    assert it.next() == [0, 1, 2]
    it.finalize()
    it.reset()  # also after finalize (v7)
    assert it.next() == [0, 1, 2]
    clone = copy.copy(it)
    assert clone.next() == it.next() == [3, 4, 5]
    it.finalize()
    clone.finalize()


def test_multithread_state_moves_to_serial_iterator():
    it = iterators.MultithreadIterator(list(range(6)), 2, n_threads=2)
    seen = it.next() + it.next()
    target = {}
    it.serialize(serializers.DictionarySerializer(target))
    it.finalize()
    serial = iterators.SerialIterator(list(range(6)), 2)
    serial.serialize(serializers.NpzDeserializer(target))
    assert serial.epoch_detail == pytest.approx(4 / 6)
    assert sorted(seen + serial.next()) == list(range(6))


def test_multiprocess_pickles_and_continues():
    it = iterators.MultiprocessIterator(list(range(6)), 2, n_processes=2,
                                        order_sampler=_Reversed())
    assert it.next() == [5, 4]
    clone = pickle.loads(pickle.dumps(it))
    it.finalize()
    assert clone.epoch_detail == pytest.approx(2 / 6)
    assert clone.next() == [3, 2]
    clone.finalize()


def test_multiprocess_reset_v7_call_anywhere_v1_call_at_epoch_start_only():
    v7 = iterators.MultiprocessIterator([1, 2, 3, 4], 2, shuffle=False, n_processes=1,
                                        maxtasksperchild=None)
    v7.next()
    v7.reset()
    assert v7.next() == [1, 2]
    v7.finalize()
    with pytest.raises(NotImplementedError):
        v7.reset()
    v1 = iterators.MultiprocessIterator([1, 2, 3, 4], 2, shuffle=False, n_processes=1)
    v1.next()
    with pytest.raises(NotImplementedError):
        v1.reset()
    v1.finalize()


def test_dataset_timeout_warns_naming_the_late_index():
    it = iterators.MultiprocessIterator(_Stalling(), 2, shuffle=False, repeat=False,
                                        n_processes=2, dataset_timeout=0.3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        assert it.next() == [0, 1]
        assert it.next() == [2, 3]
    late = [str(w.message) for w in caught
            if issubclass(w.category, iterators.MultiprocessIterator.TimeoutWarning)]
    assert late and '[3]' in late[-1] and 'dataset_timeout=0.3' in late[-1]
    it.finalize()


def test_maxtasksperchild_replaces_the_pool(monkeypatch):
    from chainer.iterators import _worker_pool
    started = []
    start = _worker_pool.start

    def counting_start(*args):
        started.append(1)
        return start(*args)

    monkeypatch.setattr(_worker_pool, 'start', counting_start)
    it = iterators.MultiprocessIterator(list(range(8)), 2, shuffle=False, n_processes=1,
                                        maxtasksperchild=1, shared_mem=0)
    batches = []
    for _ in range(4):
        batches += it.next()
    assert batches == list(range(8))
    assert len(started) >= 4
    with pytest.raises(ValueError):
        iterators.MultiprocessIterator([1], 1, maxtasksperchild=0)
    it.finalize()


def test_datasets_without_slicing_are_read_per_index():
    segments = [slice(1, 3), numpy.array([4, 0])]
    assert _batch_segments.fetch_examples(_IntOnly(), segments) == [
        (1, 2), (2, 4), (4, 8), (0, 0)]
    it = iterators.SerialIterator(_IntOnly(), 2, shuffle=False)
    assert it.next() == [(0, 0), (1, 2)]


def test_dali_iterator_says_what_it_needs():
    with pytest.raises(RuntimeError, match='DALI'):
        iterators.DaliIterator(object())
