"""forget on the GPU gives the host's results (skipped without one)."""
import numpy

import chainer.functions as F
from chainer.testing import attr


@attr.gpu
def test_gpu_matches_host(compare_with_gpu):
    inputs = [numpy.random.randn(3, 4).astype(numpy.float32) for _ in range(2)]
    compare_with_gpu(lambda a, b: F.forget(lambda p, q: F.tanh(p * q) + p, a, b), inputs)
