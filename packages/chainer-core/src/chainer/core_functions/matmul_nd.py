"""Matrix products with :func:`numpy.matmul`'s meaning (Chainer v3+): batches of
matrices whose leading axes broadcast, and 1-d operands that are vectors (their axis
is dropped from the result).

Chainer v1 read a 1-d operand as a column vector and refused operands of more than
two dimensions. ``F.matmul`` and the ``@`` operator keep v1's meaning wherever v1
accepted the operands (:func:`v1_accepts`) and use this module's elsewhere, so v1
and v7 code both run.
"""
import numpy

from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.core_functions import broadcast
from chainer.utils import type_check


def _t(x, trans):
    return x.swapaxes(-1, -2) if trans else x


def v1_accepts(a_shape, b_shape, transa=False, transb=False):
    """Whether Chainer v1's matmul took operands of these shapes.

    v1 took 1-d and 2-d operands only, a 1-d operand of shape ``(N,)`` being an
    ``N x 1`` matrix, and the inner dimensions had to agree.

    Args:
        a_shape (tuple of int): shape of the left operand.
        b_shape (tuple of int): shape of the right operand.
        transa (bool): whether the left operand is transposed first.
        transb (bool): whether the right operand is transposed first.

    Returns:
        bool: True when v1 multiplied them (its result is then 2-d).
    """
    if not (1 <= len(a_shape) <= 2 and 1 <= len(b_shape) <= 2):
        return False
    a = tuple(a_shape) if len(a_shape) == 2 else (a_shape[0], 1)
    b = tuple(b_shape) if len(b_shape) == 2 else (b_shape[0], 1)
    return a[0 if transa else 1] == b[1 if transb else 0]


class BatchMatMulND(function_node.FunctionNode):
    """``c = op(a) @ op(b)`` over the last two axes of operands of two or more
    dimensions, their leading (batch) axes broadcast; ``op`` transposes the last two
    axes when ``transa``/``transb`` is set. ``dtype`` is the output dtype (None: the
    promoted dtype of the operands). Its gradients are nodes of this class (summed
    back over broadcast axes), so it is differentiable to any order."""

    def __init__(self, transa=False, transb=False, dtype=None):
        self.transa = transa
        self.transb = transb
        self.dtype = dtype

    @property
    def label(self):
        return 'MatMul'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        a_type, b_type = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            b_type.dtype.kind == 'f',
            a_type.ndim >= 2,
            b_type.ndim >= 2,
            a_type.shape[-2 if self.transa else -1] ==
            b_type.shape[-1 if self.transb else -2],
        )
        type_check.expect_broadcast_shapes(a_type.shape[:-2], b_type.shape[:-2])

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b = inputs
        xp = cuda.get_array_module(a, b)
        dtype = self.dtype or numpy.result_type(a.dtype, b.dtype)
        c = xp.matmul(_t(a, self.transa).astype(dtype, copy=False),
                      _t(b, self.transb).astype(dtype, copy=False))
        return utils.force_array(c, dtype),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        gc, = grad_outputs
        ta, tb = self.transa, self.transb
        ret = []
        if 0 in indexes:  # g op(a) = gc op(b)^T
            if ta:
                ga = BatchMatMulND(tb, True, a.dtype).apply((b, gc))[0]
            else:
                ga = BatchMatMulND(False, not tb, a.dtype).apply((gc, b))[0]
            ret.append(broadcast.sum_to(ga, a.shape))
        if 1 in indexes:  # g op(b) = op(a)^T gc
            if tb:
                gb = BatchMatMulND(True, ta, b.dtype).apply((gc, a))[0]
            else:
                gb = BatchMatMulND(not ta, False, b.dtype).apply((a, gc))[0]
            ret.append(broadcast.sum_to(gb, b.shape))
        return tuple(ret)


def _reshape(x, shape):
    from chainer.core_functions.matmul import _Reshape
    if tuple(x.shape) == tuple(shape):
        return x
    return _Reshape(shape).apply((x,))[0]


def matmul_nd(a, b, transa=False, transb=False, dtype=None):
    """``op(a) @ op(b)`` as :func:`numpy.matmul` computes it (Chainer v7's
    ``F.matmul``).

    A 1-d operand is a vector: it is never transposed and its axis is dropped from
    the result (two vectors give a 0-d inner product). Operands of more dimensions
    multiply over their last two axes and broadcast over the leading ones.

    Args:
        a (~chainer.Variable or array): left operand (at least 1-d).
        b (~chainer.Variable or array): right operand (at least 1-d).
        transa (bool): transpose the last two axes of ``a`` (when 2-d or more).
        transb (bool): transpose the last two axes of ``b`` (when 2-d or more).
        dtype: dtype of the result (None: the promoted dtype of the operands).

    Returns:
        ~chainer.Variable: the product.

    Raises:
        ~chainer.utils.type_check.InvalidType: an operand is 0-d or not floating
            point, the inner dimensions differ, or the batch axes do not broadcast.
    """
    a_vec, b_vec = a.ndim == 1, b.ndim == 1
    if a_vec:
        a, transa = _reshape(a, (1, a.shape[0])), False
    if b_vec:
        b, transb = _reshape(b, (b.shape[0], 1)), False
    c = BatchMatMulND(transa, transb, dtype).apply((a, b))[0]
    if a_vec or b_vec:
        shape = c.shape[:-2] + (() if a_vec else c.shape[-2:-1]) + \
            (() if b_vec else c.shape[-1:])
        c = _reshape(c, shape)
    return c
