"""Determinant of one square matrix or of a batch of them: ``det``, ``batch_det``."""
import numpy

from chainer import cuda
from chainer import function
from chainer import utils
from chainer.functions.array import reshape
from chainer.utils import type_check


def _in_lapack_dtype(a):
    # LAPACK has no half-precision routines: float16 is computed in float32.
    return a.astype(numpy.float32) if a.dtype == numpy.float16 else a


class BatchDet(function.Function):
    """``y_k = det(A_k)`` for an ``(m, n, n)`` batch; ``gA_k = gy_k y_k A_k^{-T}``."""

    label = 'det'

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
        xp = cuda.get_array_module(a)
        try:
            inv_t = xp.linalg.inv(_in_lapack_dtype(a).transpose(0, 2, 1))
        except numpy.linalg.LinAlgError:
            # As in Chainer v1: the gradient of a zero determinant is undefined here.
            raise ValueError('Input has singular matrices.')
        scale = (grad_outputs[0] * self._det)[:, None, None]
        return utils.force_array(scale * inv_t, a.dtype),


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
    batched = reshape.reshape(a, (1,) + tuple(a.shape))
    return reshape.reshape(BatchDet()(batched), ())
