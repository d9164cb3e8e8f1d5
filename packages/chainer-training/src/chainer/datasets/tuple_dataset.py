"""``TupleDataset``: examples are tuples of examples of several datasets."""
import numbers

from chainer.datasets._lengths import check_same_length


class TupleDataset(object):
    """Dataset of a tuple of datasets.

    The ``i``-th example is ``(datasets[0][i], datasets[1][i], ...)``. Slicing slices
    every underlying dataset (fast for arrays) and returns a list of tuples.

    Args:
        datasets: Underlying datasets, all of the same length.
    """

    def __init__(self, *datasets):
        self._length = check_same_length(
            'TupleDataset', [('dataset {}'.format(i), d) for i, d in enumerate(datasets)])
        self._datasets = datasets

    def __getitem__(self, index):
        items = [dataset[index] for dataset in self._datasets]
        if isinstance(index, numbers.Integral):
            return tuple(items)
        return list(zip(*items))

    def __len__(self):
        return self._length
