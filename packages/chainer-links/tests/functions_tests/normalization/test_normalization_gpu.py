"""The normalization functions on the GPU give the host's results (skipped without one)."""
import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr


def _u(*shape, low=-1.0):
    return numpy.random.uniform(low, 1, shape).astype(numpy.float32)


CASES = {
    'batch_normalization': (F.batch_normalization,
                            lambda: [_u(4, 3, 2), _u(3, low=0.5), _u(3)]),
    'fixed_batch_normalization': (
        F.fixed_batch_normalization,
        lambda: [_u(4, 3, 2), _u(3, low=0.5), _u(3), _u(3), _u(3, low=0.5)]),
    'local_response_normalization': (
        lambda x: F.local_response_normalization(x, 3, 1, 0.5), lambda: [_u(2, 5, 2)]),
    'normalize': (F.normalize, lambda: [_u(3, 4)]),
}


@attr.gpu
@pytest.mark.parametrize('name', sorted(CASES))
def test_gpu_matches_host(name, compare_with_gpu):
    func, make_inputs = CASES[name]
    compare_with_gpu(func, make_inputs())
