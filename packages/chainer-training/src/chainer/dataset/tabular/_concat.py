"""The rows of several tabular datasets one after the other."""
from chainer.dataset.tabular import _indices
from chainer.dataset.tabular import tabular_dataset


class Concat(tabular_dataset.TabularDataset):
    """Rows of ``datasets`` in order; keys and mode are the first dataset's."""

    def __init__(self, *datasets):
        for dataset in datasets[1:]:
            if dataset.keys != datasets[0].keys:
                raise ValueError('concat needs datasets of the same keys: {} and {}'.format(
                    datasets[0].keys, dataset.keys))
        self._datasets = datasets

    def __len__(self):
        return sum(len(d) for d in self._datasets)

    @property
    def keys(self):
        return self._datasets[0].keys

    @property
    def mode(self):
        return self._datasets[0].mode

    def convert(self, data):
        return self._datasets[0].convert(data)

    def _parts(self):
        offset = 0
        for dataset in self._datasets:
            yield dataset, offset
            offset += len(dataset)

    def get_examples(self, indices, key_indices):
        n_columns = len(self.keys) if key_indices is None else len(key_indices)
        if indices is None:
            blocks = [d.get_examples(None, key_indices) for d in self._datasets]
            return self._stack(blocks, n_columns)
        if isinstance(indices, slice):
            blocks = []
            for dataset, offset in self._parts():
                local = _indices.split_slice(indices, len(self), offset, len(dataset))
                if local is not None:
                    blocks.append(dataset.get_examples(local, key_indices))
            if indices.indices(len(self))[2] < 0:
                blocks.reverse()
            return self._stack(blocks, n_columns)
        # A list: ask each dataset for its rows, then restore the requested order.
        blocks, where = {}, [None] * len(indices)
        for k, (dataset, offset) in enumerate(self._parts()):
            local = []
            for p, row in enumerate(indices):
                if offset <= row < offset + len(dataset):
                    where[p] = (k, len(local))
                    local.append(row - offset)
            if local:
                blocks[k] = dataset.get_examples(local, key_indices)
        if len(blocks) <= 1:
            return self._stack(list(blocks.values()), n_columns)
        return tuple([blocks[k][c][j] for k, j in where] for c in range(n_columns))

    @staticmethod
    def _stack(blocks, n_columns):
        if len(blocks) == 1:
            return blocks[0]
        return tuple([value for block in blocks for value in block[c]]
                     for c in range(n_columns))
