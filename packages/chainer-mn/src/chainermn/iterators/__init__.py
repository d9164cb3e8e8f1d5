"""Iterators that give the processes of a job the same batches (model parallelism)."""
from chainermn.iterators.multi_node_iterator import create_multi_node_iterator  # NOQA
from chainermn.iterators.synchronized_iterator import create_synchronized_iterator  # NOQA
