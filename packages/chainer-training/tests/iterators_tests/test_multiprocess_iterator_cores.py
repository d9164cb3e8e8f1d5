"""MultiprocessIterator and the BLAS thread policy (issue 15): its workers' cores are held
from the BLAS while they live, and each worker runs its own BLAS on one thread."""
import os

import chainer
from chainer import dataset, iterators, thread_policy


class BlasSetting(dataset.DatasetMixin):
    """Every example is the BLAS thread setting of the process that reads it."""

    def __len__(self):
        return 4

    def get_example(self, i):
        return chainer.get_blas_threads()


def test_workers_hold_their_cores_until_finalized():
    cores = len(os.sched_getaffinity(0))
    it = iterators.MultiprocessIterator(BlasSetting(), 2, n_processes=2, shuffle=False)
    try:
        assert it.next() == [1, 1]  # the workers' own setting
        assert thread_policy.available_cores() == max(1, cores - 2)
    finally:
        it.finalize()
    assert thread_policy.available_cores() == cores
