"""Dataset abstraction: datasets, iterators, batch conversion and download utilities.

Concrete datasets are in :mod:`chainer.datasets`, iterators in :mod:`chainer.iterators`.
"""
from chainer.dataset import convert  # noqa: F401
from chainer.dataset import dataset_mixin  # noqa: F401
from chainer.dataset import download  # noqa: F401
from chainer.dataset import iterator  # noqa: F401
from chainer.dataset import tabular  # noqa: F401
from chainer.dataset.convert import (ConcatWithAsyncTransfer, Converter, concat_examples,
                                     converter, to_device)
from chainer.dataset.dataset_mixin import DatasetMixin
from chainer.dataset.download import (cache_or_load_file, cached_download,
                                      get_dataset_directory, get_dataset_root,
                                      set_dataset_root)
from chainer.dataset.iterator import Iterator
from chainer.dataset.tabular.tabular_dataset import TabularDataset

__all__ = ['ConcatWithAsyncTransfer', 'Converter', 'DatasetMixin', 'Iterator',
           'TabularDataset', 'converter', 'concat_examples', 'to_device', 'cache_or_load_file',
           'cached_download', 'get_dataset_directory', 'get_dataset_root',
           'set_dataset_root']
