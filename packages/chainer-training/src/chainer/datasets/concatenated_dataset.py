"""``ConcatenatedDataset``: several datasets one after the other."""
import bisect

from chainer.dataset import dataset_mixin


class ConcatenatedDataset(dataset_mixin.DatasetMixin):
    """Dataset made of the examples of several datasets in a row.

    The first ``len(datasets[0])`` examples are those of ``datasets[0]``, then come
    those of ``datasets[1]``, and so on. Empty datasets (and no dataset at all) are
    allowed.

    Args:
        datasets: The underlying datasets.
    """

    def __init__(self, *datasets):
        self._datasets = datasets
        self._ends = []
        total = 0
        for dataset in datasets:
            total += len(dataset)
            self._ends.append(total)

    def __len__(self):
        return self._ends[-1] if self._ends else 0

    def get_example(self, i):
        """Returns the ``i``-th example of the concatenation."""
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError('ConcatenatedDataset: index {} out of range for {} '
                             'examples'.format(i, n))
        k = bisect.bisect_right(self._ends, i)
        start = self._ends[k - 1] if k else 0
        return self._datasets[k][i - start]
