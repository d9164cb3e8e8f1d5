"""``TransformDataset``: applies a function to each example of a dataset on access."""
from chainer.dataset import dataset_mixin


class TransformDataset(dataset_mixin.DatasetMixin):
    """Dataset that transforms the examples of another dataset lazily.

    ``dataset[i]`` is ``transform(base[i])``, computed at each access (useful for data
    augmentation, which must differ at each epoch).

    Args:
        dataset: Base dataset.
        transform (callable): Function applied to one example of the base dataset.
    """

    def __init__(self, dataset, transform):
        if not callable(transform):
            raise TypeError('TransformDataset: transform must be callable, got {}'.format(
                type(transform).__name__))
        self._dataset = dataset
        self._transform = transform

    def __len__(self):
        return len(self._dataset)

    def get_example(self, i):
        return self._transform(self._dataset[i])
