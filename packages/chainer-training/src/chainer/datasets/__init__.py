"""Dataset implementations: general wrappers and concrete downloadable datasets."""
from chainer.datasets.cifar import get_cifar10, get_cifar100
from chainer.datasets.dict_dataset import DictDataset
from chainer.datasets.image_dataset import ImageDataset, LabeledImageDataset
from chainer.datasets.mnist import get_mnist
from chainer.datasets.ptb import get_ptb_words, get_ptb_words_vocabulary
from chainer.datasets.sub_dataset import (SubDataset, get_cross_validation_datasets,
                                          get_cross_validation_datasets_random,
                                          split_dataset, split_dataset_n,
                                          split_dataset_n_random, split_dataset_random)
from chainer.datasets.transform_dataset import TransformDataset
from chainer.datasets.tuple_dataset import TupleDataset

__all__ = ['DictDataset', 'ImageDataset', 'LabeledImageDataset', 'SubDataset',
           'TransformDataset', 'TupleDataset', 'get_cifar10', 'get_cifar100',
           'get_cross_validation_datasets', 'get_cross_validation_datasets_random',
           'get_mnist', 'get_ptb_words', 'get_ptb_words_vocabulary', 'split_dataset',
           'split_dataset_n', 'split_dataset_n_random', 'split_dataset_random']
