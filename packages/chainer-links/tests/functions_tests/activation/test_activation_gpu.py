"""The activation functions on the GPU give the host's results (skipped without one)."""
import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr


def _u(*shape):
    x = numpy.random.uniform(-1, 1, shape)
    x[abs(x) < 0.1] = 0.5  # no kinks
    return x.astype(numpy.float32)


CASES = {
    'clipped_relu': (lambda x: F.clipped_relu(x, 0.5), lambda: [_u(3, 4)]),
    'crelu': (F.crelu, lambda: [_u(3, 4)]),
    'elu': (F.elu, lambda: [_u(3, 4)]),
    'hard_sigmoid': (F.hard_sigmoid, lambda: [_u(3, 4) * 4]),
    'leaky_relu': (F.leaky_relu, lambda: [_u(3, 4)]),
    'log_softmax': (F.log_softmax, lambda: [_u(3, 4)]),
    'lstm': (F.lstm, lambda: [_u(3, 2), _u(2, 8)]),
    'maxout': (lambda x: F.maxout(x, 2), lambda: [_u(3, 4)]),
    'prelu': (F.prelu, lambda: [_u(3, 4, 2), _u(4)]),
    'relu': (F.relu, lambda: [_u(3, 4)]),
    'sigmoid': (F.sigmoid, lambda: [_u(3, 4)]),
    'slstm': (F.slstm, lambda: [_u(2, 2), _u(2, 2), _u(2, 8), _u(2, 8)]),
    'softmax': (lambda x: F.softmax(x, axis=0), lambda: [_u(3, 4)]),
    'softplus': (F.softplus, lambda: [_u(3, 4)]),
    'tanh': (F.tanh, lambda: [_u(3, 4)]),
}


@attr.gpu
@pytest.mark.parametrize('name', sorted(CASES))
def test_gpu_matches_host(name, compare_with_gpu):
    func, make_inputs = CASES[name]
    compare_with_gpu(func, make_inputs())
