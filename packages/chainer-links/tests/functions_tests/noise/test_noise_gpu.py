"""The noise functions on the GPU (skipped without one): they draw their own random
numbers there, so the checks are on the distribution and on the gradient's mask."""
import numpy

import chainer
import chainer.functions as F
from chainer import cuda
from chainer import testing
from chainer.testing import attr


@attr.gpu
def test_dropout_on_gpu():
    x = chainer.Variable(cuda.to_gpu(numpy.ones((100, 100), numpy.float32)))
    y = F.dropout(x, 0.25)
    y.grad = cuda.cupy.ones_like(y.data)
    y.backward()
    y_host = cuda.to_cpu(y.data)
    assert abs((y_host == 0).mean() - 0.25) < 0.03
    testing.assert_allclose(cuda.to_cpu(x.grad), y_host)


@attr.gpu
def test_gaussian_on_gpu():
    n = 10000
    mean = chainer.Variable(cuda.to_gpu(numpy.full(n, 2.0, numpy.float32)))
    ln_var = chainer.Variable(cuda.to_gpu(numpy.zeros(n, numpy.float32)))
    y = F.gaussian(mean, ln_var)
    y_host = cuda.to_cpu(y.data)
    assert abs(y_host.mean() - 2.0) < 0.05 and abs(y_host.var() - 1.0) < 0.1
    y.grad = cuda.cupy.ones_like(y.data)
    y.backward()
    testing.assert_allclose(cuda.to_cpu(ln_var.grad), (y_host - 2.0) / 2, atol=1e-5)
