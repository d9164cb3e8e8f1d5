"""Matrix multiplication: ``matmul``.

Operands Chainer v1 took (1-d and 2-d, whose inner dimensions agree when a 1-d
operand is read as a column vector) of one dtype go to chainer-core's
:class:`~chainer.core_functions.matmul.MatMul` (the node of the ``@`` operator: a
2-d result). Operands v1 refused (batches of matrices of three or more dimensions,
or 1-d operands that do not fit as column vectors) follow :func:`numpy.matmul`, as
in v3+, through chainer-core's
:class:`~chainer.core_functions.matmul_nd.BatchMatMulND`: the batch axes broadcast,
a 1-d operand is a vector. Operands of different dtypes (v7 promotes them; v1
refused them) that v1's shapes fit keep v1's meaning, through
:class:`BatchMatMulND` too.
"""
from chainer.core_functions import matmul_nd as _nd
from chainer.core_functions.matmul import MatMul  # noqa: F401
from chainer.core_functions.matmul import matmul as _matmul_2d
from chainer.core_functions.matmul_nd import BatchMatMulND  # noqa: F401
from chainer.functions.math._nodes import reshape as _reshape

# Chainer v1 defined ``batch_matmul`` in this module, and v1 code imports it from here.
from chainer.functions.math.batch_matmul import BatchMatMul  # noqa: F401
from chainer.functions.math.batch_matmul import batch_matmul  # noqa: F401


def matmul(a, b, transa=False, transb=False):
    """Matrix product ``op(a) @ op(b)``, of matrices or of batches of matrices.

    Operands Chainer v1 took multiply as in v1: a 1-d operand of shape ``(N,)`` is
    an ``N x 1`` matrix (a column vector) and the result is 2-d, so
    ``matmul(v, w, transa=True)`` is the ``1 x 1`` inner product. Operands v1
    refused follow :func:`numpy.matmul` (v3+): when an operand has three or more
    dimensions, the last two axes are the matrices and the leading ones broadcast;
    a 1-d operand that does not fit as a column vector is a vector, never
    transposed, whose axis is dropped from the result (``matmul(v, m)`` of shapes
    ``(N,)`` and ``(N, K)`` has shape ``(K,)``). Operands of different
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
    if _nd.v1_accepts(a.shape, b.shape, transa, transb):
        if a.dtype == b.dtype:
            return _matmul_2d(a, b, transa=transa, transb=transb)
        # v1's meaning (1-d = column vector) with v7's dtype promotion
        if a.ndim == 1:
            a = _reshape(a, (a.shape[0], 1))
        if b.ndim == 1:
            b = _reshape(b, (b.shape[0], 1))
        return BatchMatMulND(transa, transb).apply((a, b))[0]
    return _nd.matmul_nd(a, b, transa, transb)
