"""Datasets across processes."""
from chainermn.datasets.scatter_dataset import scatter_dataset  # NOQA
