"""Datasets across processes."""
from chainermn.datasets.empty_dataset import create_empty_dataset  # NOQA
from chainermn.datasets.scatter import DataSizeError, scatter_index  # NOQA
from chainermn.datasets.scatter_dataset import scatter_dataset  # NOQA
