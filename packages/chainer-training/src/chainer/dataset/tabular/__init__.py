"""Tabular datasets (v7): tables of named columns with lazy slicing, concatenation,
joining and transformation."""
from chainer.dataset.tabular import delegate_dataset  # noqa: F401
from chainer.dataset.tabular import tabular_dataset  # noqa: F401
from chainer.dataset.tabular.delegate_dataset import DelegateDataset
from chainer.dataset.tabular.from_data import from_data

__all__ = ['DelegateDataset', 'from_data']
