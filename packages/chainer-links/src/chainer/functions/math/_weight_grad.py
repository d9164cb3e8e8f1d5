"""The weight gradient of a fully connected layer, ``gy.T @ x``, at its best speed."""
import numpy

from chainer import function


def transposed_product(gy, x):
    """``gy.T @ x`` for 2-d ``gy`` ``(n, out)`` and ``x`` ``(n, in)``: the weight
    gradient ``(out, in)`` of ``y = x W^T``.

    Computed by matmul, not dot: numpy's dot zero-fills its output before the GEMM (a
    wasted pass over the whole weight-sized result, ~15% of the product). At ``n == 1``
    (an outer product) numpy's matmul leaves BLAS for a loop about 8x slower than
    dot (100x784: 212 us against 27 us on one thread), so dot is used there.
    """
    if len(gy) == 1:
        return gy.T.dot(x)
    return gy.T @ x


def weight_grad(answer, gy, x, W):
    """The gradient of the weight ``W`` of ``y = x W^T``: ``gy.T @ x``, or, where the
    array engine takes it so (``answer``, the weight's of ``_input_grads_needed``, is
    for a host leaf and the operands are host arrays of ``W``'s dtype), a
    :class:`~chainer.function.ProductGrad` that it sums with the weight's other
    gradients of the pass as one product (a weight used at every step of a sequence)."""
    if function.is_host_leaf(answer) and type(gy) is numpy.ndarray and \
            type(x) is numpy.ndarray and gy.dtype == x.dtype == W.dtype and \
            gy.ndim == x.ndim == 2:
        return function.ProductGrad(transposed_product, gy, x)
    return transposed_product(gy, x)
