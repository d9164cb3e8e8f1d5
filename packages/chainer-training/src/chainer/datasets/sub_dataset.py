"""``SubDataset`` and the hold-out / cross-validation splits built from it."""
import numbers

import numpy

from chainer.dataset import dataset_mixin


class SubDataset(dataset_mixin.DatasetMixin):
    """Subset of a base dataset: an interval of indexes, optionally permuted.

    With ``order``, the ``i``-th example is ``dataset[order[start + i]]``, else
    ``dataset[start + i]``; a negative ``i`` counts from ``finish``.

    Args:
        dataset: Base dataset.
        start (int): The first index of the interval.
        finish (int): The next-to-the-last index of the interval.
        order (sequence of ints or None): Permutation of the indexes of the base
            dataset; None means ascending order.
    """

    def __init__(self, dataset, start, finish, order=None):
        if order is not None:
            order = numpy.asarray(order)
            if order.ndim != 1 or len(order) != len(dataset):
                raise ValueError(
                    'SubDataset: order must be a 1-d permutation of length len(dataset)={}, '
                    'got shape {}'.format(len(dataset), order.shape))
        limit = len(dataset)
        if not 0 <= start <= finish <= limit:
            raise ValueError(
                'SubDataset: need 0 <= start <= finish <= len(dataset), got start={}, '
                'finish={}, len(dataset)={}'.format(start, finish, limit))
        self._dataset = dataset
        self._start = start
        self._finish = finish
        self._size = finish - start
        self._order = order

    def __len__(self):
        return self._size

    def __getitem__(self, index):
        # Forward forward-stepping slices to the base dataset in one call, which is much
        # faster than one get_example per element for arrays.
        if isinstance(index, slice):
            positions = range(self._start, self._finish)[index]
            if positions.step > 0:
                if self._order is None:
                    # a list, as DatasetMixin slices give in v1 and v7 (an array base
                    # slices to an array, on which + and == mean something else)
                    batch = self._dataset[positions.start:positions.stop:positions.step]
                    return batch if isinstance(batch, list) else list(batch)
                return [self._dataset[j] for j in self._order[positions.start:positions.stop:
                                                              positions.step]]
        return super(SubDataset, self).__getitem__(index)

    def get_example(self, i):
        if not isinstance(i, numbers.Integral):
            raise TypeError('SubDataset index must be an int, got {}'.format(type(i).__name__))
        if i >= 0:
            if i >= self._size:
                raise IndexError('SubDataset index {} out of range for length {}'.format(
                    i, self._size))
            index = self._start + i
        else:
            if i < -self._size:
                raise IndexError('SubDataset index {} out of range for length {}'.format(
                    i, self._size))
            index = self._finish + i
        if self._order is not None:
            index = self._order[index]
        return self._dataset[index]


def split_dataset(dataset, split_at, order=None):
    """Splits a dataset into two disjoint subsets covering it.

    Args:
        dataset: Dataset to split.
        split_at (int): Position at which the base dataset is split.
        order (sequence of ints or None): Permutation of indexes of the base dataset.

    Returns:
        tuple: Two :class:`SubDataset` objects, of the examples of indexes
        ``order[:split_at]`` and ``order[split_at:]``.
    """
    if not isinstance(split_at, numbers.Integral):
        raise TypeError('split_dataset: split_at must be an int, got {}'.format(
            type(split_at).__name__))
    n = len(dataset)
    # split_at == len(dataset) (an empty second subset) is allowed, as in v7 (v1.24
    # refused it; code written for v7 relies on it, and nothing relied on the refusal)
    if not 0 <= split_at <= n:
        raise ValueError('split_dataset: split_at={} must be in [0, len(dataset)={}]'.format(
            split_at, n))
    return (SubDataset(dataset, 0, split_at, order),
            SubDataset(dataset, split_at, n, order))


def split_dataset_random(dataset, first_size, seed=None):
    """Splits a dataset into two subsets randomly.

    Args:
        dataset: Dataset to split.
        first_size (int): Size of the first subset.
        seed (int or None): Seed of the permutation; None draws it from
            :mod:`numpy.random` (so ``numpy.random.seed`` makes it reproducible).

    Returns:
        tuple: Two :class:`SubDataset` objects: ``first_size`` examples chosen without
        replacement, and the rest.
    """
    order = _permutation(len(dataset), seed)
    return split_dataset(dataset, first_size, order)


def split_dataset_n(dataset, n, order=None):
    """Splits a dataset into ``n`` subsets of equal size.

    Each subset holds ``len(dataset) // n`` examples; as in Chainer v1 the
    ``len(dataset) % n`` examples at the end of the order belong to none of them.

    Args:
        dataset: Dataset to split.
        n (int): Number of subsets.
        order (sequence of ints or None): Permutation of indexes of the base dataset.

    Returns:
        list: ``n`` :class:`SubDataset` objects; the ``i``-th holds the examples of
        indexes ``order[i * size:(i + 1) * size]`` with ``size = len(dataset) // n``.
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 1:
        raise ValueError('split_dataset_n: n must be a positive int, got {!r}'.format(n))
    size = len(dataset) // n
    return [SubDataset(dataset, size * i, size * (i + 1), order) for i in range(n)]


def split_dataset_n_random(dataset, n, seed=None):
    """Splits a dataset into ``n`` subsets of equal size, chosen at random.

    Args:
        dataset: Dataset to split.
        n (int): Number of subsets.
        seed (int or None): Seed of the permutation, so that each example always
            falls in the same subset; None draws it from :mod:`numpy.random`.

    Returns:
        list: ``n`` disjoint :class:`SubDataset` objects of ``len(dataset) // n``
        examples each.
    """
    return split_dataset_n(dataset, n, _permutation(len(dataset), seed))


def get_cross_validation_datasets(dataset, n_fold, order=None):
    """Creates ``n_fold`` training/test splits for cross validation.

    The test sets are disjoint, cover the whole dataset and differ in size by at most
    one; each training set is the rest of the dataset. The splits are v1's, in v1's
    order: the first one tests the last fold; each next one tests the fold before,
    and its training set starts with the folds after that one (the order rotated
    right by the size of the fold tested before).

    Args:
        dataset: Dataset to split.
        n_fold (int): Number of splits.
        order (sequence of ints or None): Order of indexes by which the folds are cut;
            None means no permutation.

    Returns:
        list of tuples: ``(train, test)`` pairs of :class:`SubDataset`.
    """
    n = len(dataset)
    if not isinstance(n_fold, numbers.Integral) or not 1 <= n_fold <= max(n, 1):
        raise ValueError(
            'get_cross_validation_datasets: n_fold must be an int in [1, len(dataset)={}], '
            'got {!r}'.format(n, n_fold))
    order = numpy.arange(n) if order is None else numpy.array(order)
    borders = [n * k // n_fold for k in range(n_fold + 1)]
    splits = []
    for k in range(n_fold, 0, -1):
        test_size = borders[k] - borders[k - 1]
        splits.append(split_dataset(dataset, n - test_size, order))
        order = numpy.roll(order, test_size)
    return splits


def get_cross_validation_datasets_random(dataset, n_fold, seed=None):
    """Like :func:`get_cross_validation_datasets` with a random order.

    Args:
        dataset: Dataset to split.
        n_fold (int): Number of splits.
        seed (int or None): Seed of the permutation; None draws from :mod:`numpy.random`.

    Returns:
        list of tuples: ``(train, test)`` pairs of :class:`SubDataset`.
    """
    return get_cross_validation_datasets(dataset, n_fold, _permutation(len(dataset), seed))


def _permutation(n, seed):
    if seed is None:
        return numpy.random.permutation(n)
    return numpy.random.RandomState(seed).permutation(n)
