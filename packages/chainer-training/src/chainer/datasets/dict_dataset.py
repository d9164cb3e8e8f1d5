"""``DictDataset``: examples are dicts of examples of several named datasets."""
import numbers

from chainer.datasets._lengths import check_same_length


class DictDataset(object):
    """Dataset of a dictionary of datasets.

    The ``i``-th example is ``{key: datasets[key][i], ...}``. Slicing slices every
    underlying dataset and returns a list of dicts.

    Args:
        datasets: Underlying datasets as keyword arguments, all of the same length; the
            keywords become the keys of each example.
    """

    def __init__(self, **datasets):
        self._length = check_same_length('DictDataset', sorted(datasets.items()))
        self._datasets = datasets

    def __getitem__(self, index):
        items = {key: dataset[index] for key, dataset in self._datasets.items()}
        if isinstance(index, numbers.Integral):
            return items
        keys = list(items)
        return [dict(zip(keys, values)) for values in zip(*(items[k] for k in keys))]

    def __len__(self):
        return self._length
