"""Batched matrix multiplication: ``batch_matmul``."""
import warnings

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.utils import type_check


def _as_matrices(a):
    """A 2-d array ``(B, N)`` holds B matrices of shape ``N x 1``."""
    return a.reshape(a.shape + (1,)) if a.ndim == 2 else a


def _matrix_shape(shape, trans):
    rows, cols = (shape[1], 1) if len(shape) == 2 else (shape[1], shape[2])
    return (cols, rows) if trans else (rows, cols)


def _op(a, trans):
    return a.swapaxes(1, 2) if trans else a


class BatchMatMul(function.Function):
    """``Y_k = op(A_k) op(B_k)`` for each ``k`` of the batch; ``op`` may transpose.
    Given Variables (a double backprop), its backward builds the gradients from
    differentiable batched products."""

    _differentiable_backward = True

    def __init__(self, transa=False, transb=False):
        self.transa = bool(transa)
        self.transb = bool(transb)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        a_type, b_type = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            a_type.dtype == b_type.dtype,
            a_type.ndim >= 2, a_type.ndim <= 3,
            b_type.ndim >= 2, b_type.ndim <= 3,
            a_type.shape[0] == b_type.shape[0],
        )
        a_inner = _matrix_shape(type_check.eval(a_type.shape), self.transa)[1]
        b_inner = _matrix_shape(type_check.eval(b_type.shape), self.transb)[0]
        type_check.expect(
            type_check.make_variable(a_inner, 'op(a).shape[2]') ==
            type_check.make_variable(b_inner, 'op(b).shape[1]'))

    def forward(self, inputs):
        a, b = (_as_matrices(x) for x in inputs)
        xp = cuda.get_array_module(a)
        return xp.matmul(_op(a, self.transa), _op(b, self.transb)),

    def backward(self, inputs, grad_outputs):
        a0, b0 = inputs
        gy = grad_outputs[0]
        if isinstance(gy, variable.Variable):  # a double backprop
            return self._variable_backward(a0, b0, gy)
        a, b = _as_matrices(a0), _as_matrices(b0)
        xp = cuda.get_array_module(a)
        need_a, need_b = self._input_grads_needed(inputs)
        ga = gb = None
        # Y = A B with A = op(a), B = op(b): gA = gY B^T, gB = A^T gY.
        if need_a:
            ga = xp.matmul(gy, _op(b, self.transb).swapaxes(1, 2))
            ga = _op(ga, self.transa).reshape(a0.shape)
        if need_b:
            gb = xp.matmul(_op(a, self.transa).swapaxes(1, 2), gy)
            gb = _op(gb, self.transb).reshape(b0.shape)
        return ga, gb

    def _variable_backward(self, a0, b0, gy):
        from chainer.functions.math import _nodes
        from chainer.functions.math.matmul import BatchMatMulND
        a = _nodes.reshape(a0, _as_matrices(a0.data).shape)
        b = _nodes.reshape(b0, _as_matrices(b0.data).shape)
        ta, tb = self.transa, self.transb
        if ta:  # g op(a) = gy op(b)^T, transposed back when a is
            ga = BatchMatMulND(tb, True).apply((b, gy))[0]
        else:
            ga = BatchMatMulND(False, not tb).apply((gy, b))[0]
        if tb:  # g op(b) = op(a)^T gy
            gb = BatchMatMulND(True, ta).apply((gy, a))[0]
        else:
            gb = BatchMatMulND(not ta, False).apply((a, gy))[0]
        return _nodes.reshape(ga, a0.shape), _nodes.reshape(gb, b0.shape)


def batch_matmul(a, b, transa=False, transb=False):
    """Computes the batch matrix multiplications of two sets of arrays.

    .. math:: Y_k = \\mathrm{op}(A_k)\\, \\mathrm{op}(B_k).

    Args:
        a (~chainer.Variable): left operand. A 2-d array of shape ``(B, N)`` is
            considered as B ``N x 1`` matrices, a 3-d array of shape ``(B, M, N)``
            as B ``M x N`` matrices.
        b (~chainer.Variable): right operand, treated as ``a`` is.
        transa (bool): if True, transpose each matrix in ``a``.
        transb (bool): if True, transpose each matrix in ``b``.

    Returns:
        ~chainer.Variable: the batch of products as a 3-d array.

    .. note:: Deprecated in Chainer v3+, where :func:`matmul` multiplies batches:
       calls warn a DeprecationWarning, as in v7 (the function works as in v1).
    """
    warnings.warn('batch_matmul is deprecated: use matmul (which broadcasts batches)',
                  DeprecationWarning, stacklevel=2)
    return BatchMatMul(transa=transa, transb=transb)(a, b)
