import numpy
import pytest

from chainer import datasets


def test_interval_without_order():
    base = numpy.arange(10) * 10
    d = datasets.SubDataset(base, 2, 6)
    assert len(d) == 4
    assert [d[i] for i in range(4)] == [20, 30, 40, 50]
    assert d[-1] == 50 and d[-4] == 20
    numpy.testing.assert_array_equal(d[1:3], [30, 40])
    assert d[::-1] == [50, 40, 30, 20]
    with pytest.raises(IndexError):
        d[4]
    with pytest.raises(IndexError):
        d[-5]


def test_interval_with_order():
    base = list('abcdef')
    order = [5, 3, 1, 0, 2, 4]
    d = datasets.SubDataset(base, 1, 4, order)
    assert d[:] == ['d', 'b', 'a']
    assert d[-1] == 'a'
    assert d[::2] == ['d', 'a']


def test_bad_arguments():
    with pytest.raises(ValueError, match='start <= finish'):
        datasets.SubDataset([1, 2], 1, 3)
    with pytest.raises(ValueError, match='permutation of length'):
        datasets.SubDataset([1, 2], 0, 1, order=[0])


def test_split_dataset():
    a, b = datasets.split_dataset(numpy.arange(5), 2)
    assert list(a[:]) == [0, 1] and list(b[:]) == [2, 3, 4]
    a, b = datasets.split_dataset(numpy.arange(5), 3, order=[4, 3, 2, 1, 0])
    assert a[:] == [4, 3, 2] and b[:] == [1, 0]
    with pytest.raises(ValueError, match='split_at'):
        datasets.split_dataset([1, 2], 3)
    with pytest.raises(TypeError, match='split_at must be an int'):
        datasets.split_dataset([1, 2], 1.5)


def test_split_dataset_at_the_end_gives_an_empty_second_subset_as_in_v7():
    a, b = datasets.split_dataset([1, 2], 2)
    assert list(a) == [1, 2] and len(b) == 0 and list(b) == []
    with pytest.raises(ValueError, match=r'split_at=3 must be in \[0, len\(dataset\)=2\]'):
        datasets.split_dataset([1, 2], 3)


def test_split_dataset_random_is_a_partition():
    a, b = datasets.split_dataset_random(numpy.arange(20), 7, seed=0)
    assert len(a) == 7 and len(b) == 13
    assert sorted(list(a[:]) + list(b[:])) == list(range(20))
    a2, _ = datasets.split_dataset_random(numpy.arange(20), 7, seed=0)
    assert list(a[:]) == list(a2[:])


@pytest.mark.parametrize('n, n_fold', [(10, 3), (7, 7), (5, 1)])
def test_cross_validation_folds(n, n_fold):
    splits = datasets.get_cross_validation_datasets(list(range(n)), n_fold)
    assert len(splits) == n_fold
    tests = []
    for train, test in splits:
        assert sorted(train[:] + test[:]) == list(range(n))
        tests.append(test[:])
    assert sorted(sum(tests, [])) == list(range(n))
    sizes = [len(t) for t in tests]
    assert max(sizes) - min(sizes) <= 1


def test_cross_validation_splits_are_v1_ones_in_v1_order():
    # 7 examples, 3 folds [0, 1], [2, 3], [4, 5, 6]: the last fold is tested first
    splits = datasets.get_cross_validation_datasets(list(range(7)), 3)
    assert [(train[:], test[:]) for train, test in splits] == [
        ([0, 1, 2, 3], [4, 5, 6]),
        ([4, 5, 6, 0, 1], [2, 3]),
        ([2, 3, 4, 5, 6], [0, 1]),
    ]


def test_cross_validation_random_and_bad_n_fold():
    splits = datasets.get_cross_validation_datasets_random(list(range(6)), 2, seed=1)
    assert sorted(splits[0][1][:] + splits[1][1][:]) == list(range(6))
    with pytest.raises(ValueError, match='n_fold'):
        datasets.get_cross_validation_datasets([1, 2], 3)


def test_split_dataset_n_cuts_equal_parts_and_drops_the_remainder_as_in_v1():
    parts = datasets.split_dataset_n(list('abcdefg'), 3)
    assert [p[:] for p in parts] == [['a', 'b'], ['c', 'd'], ['e', 'f']]
    parts = datasets.split_dataset_n(numpy.arange(5), 2, order=[4, 3, 2, 1, 0])
    assert [p[:] for p in parts] == [[4, 3], [2, 1]]
    with pytest.raises(ValueError, match='n must be a positive int'):
        datasets.split_dataset_n([1, 2], 0)


def test_split_dataset_n_random_gives_disjoint_parts_fixed_by_the_seed():
    parts = datasets.split_dataset_n_random(numpy.arange(11), 3, seed=5)
    values = [list(p[:]) for p in parts]
    assert [len(v) for v in values] == [3, 3, 3]
    assert len(set(sum(values, []))) == 9
    again = datasets.split_dataset_n_random(numpy.arange(11), 3, seed=5)
    assert [list(p[:]) for p in again] == values


def test_a_slice_of_an_array_base_is_a_list_as_in_v1_and_v7():
    base = numpy.arange(12, dtype=numpy.float32).reshape(6, 2)
    d = datasets.SubDataset(base, 1, 5)
    batch = d[0:3]
    assert type(batch) is list and len(batch) == 3
    for row, i in zip(batch, range(1, 4)):
        numpy.testing.assert_array_equal(row, base[i])
    # list semantics: + concatenates (an array would add elementwise)
    assert len(d[0:2] + d[2:4]) == 4
    assert type(d[::-1]) is list and len(d[::-1]) == 4
