"""Matrix multiplication: ``matmul``.

Operands of at most two dimensions and one dtype go to chainer-core's
:class:`~chainer.core_functions.matmul.MatMul` (the node of the ``@`` operator, with
Chainer v1's meaning of 1-d operands: column vectors, a 2-d result). Batches of
matrices (an operand of three or more dimensions, v3+) go to :class:`BatchMatMulND`,
which follows :func:`numpy.matmul`: the batch axes broadcast, a 1-d operand is a
vector. Operands of different dtypes (v7 promotes them; v1 refused them) of at most
two dimensions keep v1's meaning, through :class:`BatchMatMulND` too.
"""
import numpy

from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.core_functions import broadcast
from chainer.core_functions.matmul import MatMul  # noqa: F401
from chainer.core_functions.matmul import matmul as _matmul_2d
from chainer.functions.math._nodes import reshape as _reshape
from chainer.utils import type_check

# Chainer v1 defined ``batch_matmul`` in this module, and v1 code imports it from here.
from chainer.functions.math.batch_matmul import BatchMatMul  # noqa: F401
from chainer.functions.math.batch_matmul import batch_matmul  # noqa: F401


def _t(x, trans):
    return x.swapaxes(-1, -2) if trans else x


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


def _matmul_nd(a, b, transa, transb):
    a_vec, b_vec = a.ndim == 1, b.ndim == 1
    if a_vec:
        a, transa = _reshape(a, (1, a.shape[0])), False
    if b_vec:
        b, transb = _reshape(b, (b.shape[0], 1)), False
    c = BatchMatMulND(transa, transb).apply((a, b))[0]
    if a_vec or b_vec:
        shape = c.shape[:-2] + (() if a_vec else c.shape[-2:-1]) + \
            (() if b_vec else c.shape[-1:])
        c = _reshape(c, shape)
    return c


def matmul(a, b, transa=False, transb=False):
    """Matrix product ``op(a) @ op(b)``, of matrices or of batches of matrices.

    Operands of at most two dimensions multiply as in Chainer v1: a 1-d operand of
    shape ``(N,)`` is an ``N x 1`` matrix (a column vector) and the result is 2-d.
    When an operand has three or more dimensions (v3+), the last two axes are the
    matrices and the leading ones broadcast as in :func:`numpy.matmul`; a 1-d operand
    is then a vector whose axis is dropped from the result. Operands of different
    floating-point dtypes (which v1 refused) give the promoted dtype (v7).

    Args:
        a (~chainer.Variable or array): left operand.
        b (~chainer.Variable or array): right operand.
        transa (bool): transpose (the last two axes of) ``a`` first.
        transb (bool): transpose (the last two axes of) ``b`` first.

    Returns:
        ~chainer.Variable: the product.

    Raises:
        ~chainer.utils.type_check.InvalidType: the inner dimensions differ, the batch
            axes do not broadcast, or an operand is not floating point.
    """
    if a.ndim <= 2 and b.ndim <= 2:
        if a.dtype == b.dtype:
            return _matmul_2d(a, b, transa=transa, transb=transb)
        # v1's meaning (1-d = column vector) with v7's dtype promotion
        if a.ndim == 1:
            a = _reshape(a, (a.shape[0], 1))
        if b.ndim == 1:
            b = _reshape(b, (b.shape[0], 1))
        return BatchMatMulND(transa, transb).apply((a, b))[0]
    return _matmul_nd(a, b, transa, transb)
