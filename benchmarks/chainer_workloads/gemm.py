"""gemm: numpy's float32 ``n x n`` matrix product, the BLAS ceiling of this environment."""
import numpy

from chainer_workloads import _data


def make(n):
    a = _data.images(n, (n,), seed=0)
    b = _data.images(n, (n,), seed=1)
    c = numpy.empty((n, n), dtype=numpy.float32)

    def step():
        return numpy.matmul(a, b, out=c)

    return step
