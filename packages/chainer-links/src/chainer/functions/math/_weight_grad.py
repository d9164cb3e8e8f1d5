"""The weight gradient of a fully connected layer, ``gy.T @ x``, at its best speed."""
import numpy

from chainer import function
from chainer.functions.connection import _onednn_library as dnnl
from chainer.functions.connection import _onednn_matmul


def transposed_product(gy, x):
    """``gy.T @ x`` for 2-d ``gy`` ``(n, out)`` and ``x`` ``(n, in)``: the weight
    gradient ``(out, in)`` of ``y = x W^T``.

    Computed by matmul, not dot: numpy's dot zero-fills its output before the GEMM (a
    wasted pass over the whole weight-sized result, ~15% of the product). At ``n == 1``
    (an outer product) numpy's matmul leaves BLAS for a loop about 8x slower than
    dot (100x784: 212 us against 27 us on one thread), so dot is used there. A large
    float32 product runs on oneDNN's matmul where that runs on several threads.
    """
    if len(gy) > 1 and _parallel_on_onednn(gy, x):
        return _onednn_matmul.product(gy, x, transpose_a=True)
    return numpy_transposed_product(gy, x)


def numpy_transposed_product(gy, x):
    """``gy.T @ x`` by numpy alone (see :func:`transposed_product`): dot for one row,
    matmul above."""
    if len(gy) == 1:
        return gy.T.dot(x)
    return gy.T @ x


def _parallel_on_onednn(gy, x):
    # Where oneDNN runs its products on several threads (chainer-links[onednn], the
    # thread policy's count above one), numpy's BLAS is held on one thread beside it
    # (thread_policy.cap_blas): a large weight gradient then takes oneDNN's matmul to
    # use the other cores. On one thread it stays with numpy (as fast there).
    rows, out = gy.shape
    inputs = x.shape[1]
    return _onednn_matmul.takes(gy, x, out, rows, inputs) and \
        dnnl.threads_for(out * rows * inputs, dnnl.policy_threads()) > 1


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
