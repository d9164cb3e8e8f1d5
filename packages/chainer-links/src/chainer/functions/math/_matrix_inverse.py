"""Base of ``inv``/``batch_inv``: inverse of one square matrix or of a batch of them."""
import numpy

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.utils import type_check


def _swap_last(a):
    return a.swapaxes(-1, -2)


class MatrixInverse(function.Function):
    """``Y = A^{-1}`` for square matrices in the last two axes; ``gA = -Y^T gY Y^T``.

    Subclasses set ``ndim``: 2 for one matrix, 3 for a batch of matrices.
    """

    ndim = 2

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        a_type = in_types[0]
        type_check.expect(
            a_type.dtype.kind == 'f',
            a_type.ndim == self.ndim,
            a_type.shape[-1] == a_type.shape[-2],
        )

    def forward(self, inputs):
        a = inputs[0]
        xp = cuda.get_array_module(a)
        # LAPACK has no half-precision routines: invert float16 in float32.
        work = a.astype(numpy.float32) if a.dtype == numpy.float16 else a
        self._y = xp.linalg.inv(work).astype(a.dtype, copy=False)
        return self._y,

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            from chainer.functions._unary_elementwise import output_variable
            from chainer.functions.math.matmul import matmul
            y = output_variable(self, self._y)
            return -matmul(matmul(y, grad_outputs[0], transa=True), y, transb=True),
        xp = cuda.get_array_module(inputs[0])
        y_t = _swap_last(self._y)
        return xp.matmul(xp.matmul(-y_t, grad_outputs[0]), y_t),
