"""Determinant of one square matrix or of a batch of them: ``det``, ``batch_det``."""
import numpy

from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions.math import _nodes
from chainer.utils import type_check


def _in_lapack_dtype(a):
    # LAPACK has no half-precision routines: float16 is computed in float32.
    return a.astype(numpy.float32) if a.dtype == numpy.float16 else a


class BatchDet(function.Function):
    """``y_k = det(A_k)`` for an ``(m, n, n)`` batch; ``gA_k = gy_k y_k A_k^{-T}``."""

    label = 'det'

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        a_type, = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            a_type.ndim == 3,
            a_type.shape[-1] == a_type.shape[-2],
        )

    def forward(self, inputs):
        a, = inputs
        xp = cuda.get_array_module(a)
        self._det = utils.force_array(xp.linalg.det(_in_lapack_dtype(a)), a.dtype)
        return self._det,

    def backward(self, inputs, grad_outputs):
        a, = inputs
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return self._variable_backward(a, grad_outputs[0]),
        xp = cuda.get_array_module(a)
        try:
            inv_t = xp.linalg.inv(_in_lapack_dtype(a).transpose(0, 2, 1))
        except numpy.linalg.LinAlgError:
            # As in Chainer v1: the gradient of a zero determinant is undefined here.
            raise ValueError('Input has singular matrices.')
        scale = (grad_outputs[0] * self._det)[:, None, None]
        return utils.force_array(scale * inv_t, a.dtype),

    def _variable_backward(self, a, gy):
        """``gA = gy det(A) A^{-T}`` from differentiable functions."""
        from chainer.functions._unary_elementwise import output_variable
        from chainer.functions.math.batch_inv import batch_inv
        from chainer.functions.math.matmul import matmul
        xp = cuda.get_array_module(a.data)
        det = output_variable(self, self._det)
        inv = batch_inv(a)
        eye = xp.broadcast_to(xp.eye(a.shape[1], dtype=a.dtype), a.shape)
        scale = _nodes.reshape(gy * det, (a.shape[0], 1, 1))
        return scale * matmul(eye, inv, transb=True)


def batch_det(a):
    """Computes the determinant of each square matrix of a batch.

    .. math:: y_k = \\det A_k, \\qquad
        \\frac{\\partial L}{\\partial A_k} = \\frac{\\partial L}{\\partial y_k}
        \\, y_k \\, A_k^{-\\top}.

    Args:
        a (~chainer.Variable): float array of shape ``(m, n, n)``.

    Returns:
        ~chainer.Variable: the ``m`` determinants, shape ``(m,)``.

    The backward pass raises ValueError when a matrix of the batch is singular.
    """
    return BatchDet()(a)


def det(a):
    """Computes the determinant of one square matrix.

    Args:
        a (~chainer.Variable): float array of shape ``(n, n)``.

    Returns:
        ~chainer.Variable: the determinant, a 0-dimensional array.
    """
    batched = _nodes.reshape(a, (1,) + tuple(a.shape))
    return _nodes.reshape(BatchDet()(batched), ())
