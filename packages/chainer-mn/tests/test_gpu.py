"""The GPU communicators on real GPUs (marked gpu: skipped without a device; one process
per GPU, at most two)."""
import sys

import numpy

from chainer import cuda
from chainer.testing import attr
from conftest import SCRIPTS, launch_ok

sys.path.insert(0, str(SCRIPTS))
import common  # noqa: E402


@attr.gpu
def test_gpu_communicators_average_gradients_and_broadcast(mpiexec, tmp_path):
    n = min(2, cuda.cupy.cuda.runtime.getDeviceCount())
    ranks = launch_ok(mpiexec, n, 'gpu.py', tmp_path)
    for found in ranks:
        for key, grads in found.items():
            if key[-1] == 'data':
                assert all((d == 0).all() for d in grads.values()), key
                continue
            for grad in grads.values():
                by_hand = numpy.mean([common.rank_grad(r, grad.shape, numpy.float64)
                                      for r in range(n)], axis=0)
                tol = 2e-3 if grad.dtype == numpy.float16 or key[1] else 1e-6
                numpy.testing.assert_allclose(grad, by_hand, rtol=tol, atol=tol)
