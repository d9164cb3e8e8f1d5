import numpy
import pytest

from chainer import iterators, serializers


def test_sequential_batches_and_epoch_bookkeeping():
    it = iterators.SerialIterator(numpy.arange(5), 2, shuffle=False)
    assert it.epoch == 0 and it.epoch_detail == 0 and not it.is_new_epoch
    assert it.previous_epoch_detail is None
    expected = [([0, 1], 0, False, 0.4), ([2, 3], 0, False, 0.8),
                ([4, 0], 1, True, 1.2), ([1, 2], 1, False, 1.6),
                ([3, 4], 2, True, 2.0)]
    for batch, epoch, is_new, detail in expected:
        assert [int(x) for x in next(it)] == batch
        assert (it.epoch, it.is_new_epoch) == (epoch, is_new)
        assert it.epoch_detail == pytest.approx(detail)
    assert it.previous_epoch_detail == pytest.approx(1.6)


def test_batches_are_lists_of_examples():
    it = iterators.SerialIterator(numpy.arange(6).reshape(3, 2), 2, shuffle=False)
    batch = next(it)
    assert isinstance(batch, list) and len(batch) == 2
    numpy.testing.assert_array_equal(batch[1], [2, 3])


def test_no_repeat_stops_after_one_epoch_with_a_short_last_batch():
    it = iterators.SerialIterator(list(range(5)), 2, repeat=False, shuffle=False)
    assert list(it) == [[0, 1], [2, 3], [4]]
    assert it.epoch == 1 and it.epoch_detail == 1.0
    with pytest.raises(StopIteration):
        next(it)


def test_shuffle_visits_each_example_once_per_epoch():
    numpy.random.seed(0)
    it = iterators.SerialIterator(list(range(10)), 5)
    orders = [next(it) + next(it) for _ in range(3)]
    for order in orders:
        assert sorted(order) == list(range(10))
    assert orders[0] != orders[1] or orders[1] != orders[2]


def test_shuffle_is_reproducible_with_numpy_random_seed():
    numpy.random.seed(3)
    a = [next(iterators.SerialIterator(list(range(8)), 8))]
    numpy.random.seed(3)
    b = [next(iterators.SerialIterator(list(range(8)), 8))]
    assert a == b


def test_batch_larger_than_dataset_wraps_around():
    it = iterators.SerialIterator([0, 1, 2], 7, shuffle=False)
    assert next(it) == [0, 1, 2, 0, 1, 2, 0]
    assert it.epoch == 2 and it.is_new_epoch
    assert it.epoch_detail == pytest.approx(2 + 1 / 3)


def test_reset():
    it = iterators.SerialIterator(list(range(4)), 3, shuffle=False)
    next(it)
    next(it)
    it.reset()
    assert it.epoch == 0 and it.current_position == 0
    assert next(it) == [0, 1, 2]


def test_bad_arguments():
    with pytest.raises(ValueError, match='batch_size'):
        iterators.SerialIterator([1], 0)
    with pytest.raises(ValueError, match='empty'):
        iterators.SerialIterator([], 1)


@pytest.mark.parametrize('shuffle', [True, False])
def test_serialize_round_trip_resumes_the_same_batches(tmp_path, shuffle):
    dataset = list(range(7))
    it = iterators.SerialIterator(dataset, 3, shuffle=shuffle)
    for _ in range(4):
        next(it)
    path = str(tmp_path / 'it.npz')
    serializers.save_npz(path, it)
    expected = [next(it) for _ in range(6)]
    epoch, detail = it.epoch, it.epoch_detail

    resumed = iterators.SerialIterator(dataset, 3, shuffle=shuffle)
    next(resumed)  # a different state, overwritten by the load
    serializers.load_npz(path, resumed)
    assert [next(resumed) for _ in range(6)] == expected
    assert (resumed.epoch, resumed.epoch_detail) == (epoch, detail)


def test_loaded_order_must_match_the_dataset(tmp_path):
    path = str(tmp_path / 'it.npz')
    serializers.save_npz(path, iterators.SerialIterator(list(range(5)), 2))
    with pytest.raises(ValueError):
        serializers.load_npz(path, iterators.SerialIterator(list(range(6)), 2))


def test_loads_a_snapshot_of_the_original_chainer_v1():
    # Chainer v1's SerialIterator.serialize stores only these four entries, the shuffle
    # order under the key '_order' (no random state, no previous_epoch_detail).
    snapshot = {'current_position': numpy.array(2), 'epoch': numpy.array(1),
                'is_new_epoch': numpy.array(False), '_order': numpy.array([3, 1, 0, 2])}
    it = iterators.SerialIterator(list(range(4)), 2)
    serializers.NpzDeserializer(snapshot).load(it)
    assert (it.epoch, it.current_position, it.is_new_epoch) == (1, 2, False)
    assert it.previous_epoch_detail == 1.0  # one batch back
    assert next(it) == [0, 2]
    assert it.epoch == 2 and sorted(next(it) + next(it)) == [0, 1, 2, 3]


def test_snapshot_without_an_order_is_an_error_for_a_shuffling_iterator():
    snapshot = {'current_position': numpy.array(0), 'epoch': numpy.array(0),
                'is_new_epoch': numpy.array(False)}
    with pytest.raises(KeyError):
        serializers.NpzDeserializer(snapshot).load(iterators.SerialIterator([1, 2], 1))


def test_previous_epoch_detail_round_trips(tmp_path):
    it = iterators.SerialIterator(list(range(4)), 3, shuffle=False)
    path = str(tmp_path / 'fresh.npz')
    serializers.save_npz(path, it)
    resumed = iterators.SerialIterator(list(range(4)), 3, shuffle=False)
    next(resumed)
    serializers.load_npz(path, resumed)
    assert resumed.previous_epoch_detail is None
    next(it)
    next(it)
    serializers.save_npz(path, it)
    serializers.load_npz(path, resumed)
    assert resumed.previous_epoch_detail == 0.75
