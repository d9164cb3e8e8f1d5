"""``DelegateDataset``: a tabular dataset that hands every read to another one."""
from chainer.dataset.tabular import tabular_dataset


class DelegateDataset(tabular_dataset.TabularDataset):
    """Base for a class that is a tabular dataset by wrapping one: length, keys, mode
    and reads are those of ``dataset`` (kept as the ``dataset`` attribute); a subclass
    adds methods or overrides some of these.

    Args:
        dataset (TabularDataset): The dataset to delegate to.
    """

    def __init__(self, dataset):
        self.dataset = dataset

    def __len__(self):
        return len(self.dataset)

    @property
    def keys(self):
        """The keys of ``dataset``."""
        return self.dataset.keys

    @property
    def mode(self):
        """The mode of ``dataset``."""
        return self.dataset.mode

    def get_examples(self, indices, key_indices):
        """Reads from ``dataset``."""
        return self.dataset.get_examples(indices, key_indices)
