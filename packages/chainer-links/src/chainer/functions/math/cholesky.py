"""Cholesky decomposition: ``cholesky`` (Chainer v6+)."""
import numpy

from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class Cholesky(function_node.FunctionNode):
    """``L`` lower triangular with ``A = L L^T``, for a symmetric positive-definite
    ``A`` (only its lower triangle is read).

    The gradient is the symmetric ``gA = (S + S^T) / 2`` with
    ``S = L^-T Phi(L^T gL) L^-1``, ``Phi`` keeping the lower triangle and halving the
    diagonal; it is built from differentiable functions (matmul, inv), so the function
    is differentiable to any order.
    """

    @property
    def label(self):
        return 'cholesky'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        a_type, = in_types
        type_check.expect(a_type.dtype.kind == 'f', a_type.ndim == 2,
                          a_type.shape[0] == a_type.shape[1])

    def forward(self, inputs):
        a, = inputs
        self.retain_outputs((0,))
        xp = cuda.get_array_module(a)
        work = a.astype(numpy.float32) if a.dtype == numpy.float16 else a
        return utils.force_array(xp.linalg.cholesky(work), a.dtype),

    def backward(self, indexes, grad_outputs):
        from chainer.functions.math.inv import inv
        from chainer.functions.math.matmul import matmul
        low, = self.get_retained_outputs()
        gl, = grad_outputs
        xp = cuda.get_array_module(low.data)
        n = low.shape[0]
        eye = xp.eye(n, dtype=low.dtype)
        phi = xp.tril(xp.ones((n, n), dtype=low.dtype)) - eye * low.dtype.type(0.5)
        p = matmul(low, gl, transa=True) * phi
        l_inv = inv(low)
        s = matmul(matmul(l_inv, p, transa=True), l_inv)
        return (s + matmul(s, eye, transa=True)) * low.dtype.type(0.5),


def cholesky(a):
    """Cholesky decomposition of a symmetric positive-definite matrix.

    Args:
        a (~chainer.Variable or array): an ``(n, n)`` floating-point matrix (only
            its lower triangle is read).

    Returns:
        ~chainer.Variable: the lower-triangular ``L`` with ``a = L L^T``.

    Raises:
        numpy.linalg.LinAlgError: ``a`` is not positive definite.
    """
    return Cholesky().apply((a,))[0]
