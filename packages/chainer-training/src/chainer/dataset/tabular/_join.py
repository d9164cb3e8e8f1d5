"""The columns of several tabular datasets side by side."""
from chainer.dataset.tabular import tabular_dataset


class Join(tabular_dataset.TabularDataset):
    """Columns of ``datasets`` in order (same length, distinct keys); the mode is the
    first one that is not None, else ``tuple``."""

    def __init__(self, *datasets):
        seen = set()
        for dataset in datasets:
            if len(dataset) != len(datasets[0]):
                raise ValueError('join needs datasets of the same length: {} and {}'.format(
                    len(datasets[0]), len(dataset)))
            if seen.intersection(dataset.keys):
                raise ValueError('join needs distinct keys; {} appear twice'.format(
                    sorted(seen.intersection(dataset.keys))))
            seen.update(dataset.keys)
        self._datasets = datasets

    def __len__(self):
        return len(self._datasets[0])

    @property
    def keys(self):
        return tuple(key for d in self._datasets for key in d.keys)

    @property
    def mode(self):
        for dataset in self._datasets:
            if dataset.mode:
                return dataset.mode
        return tuple

    def convert(self, data):
        return self._datasets[0].convert(data)

    def get_examples(self, indices, key_indices):
        if key_indices is None:
            return tuple(column for d in self._datasets
                         for column in d.get_examples(indices, None))
        columns, offset = {}, 0
        for dataset in self._datasets:
            wanted = []
            for position in key_indices:
                local = position - offset
                if 0 <= local < len(dataset.keys) and local not in wanted:
                    wanted.append(local)
            if wanted:
                block = dataset.get_examples(indices, tuple(wanted))
                for local, column in zip(wanted, block):
                    columns[offset + local] = column
            offset += len(dataset.keys)
        return tuple(columns[position] for position in key_indices)
