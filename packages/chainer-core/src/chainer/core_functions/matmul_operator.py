"""The ``@`` operator of :class:`chainer.Variable` (``x @ y``, ``x @ c``, ``c @ x``).

Operands Chainer v1 took (1-d and 2-d; a 1-d operand is a column vector and the
result is 2-d) keep v1's nodes (``MatMulVarVar``, ``MatMulVarConst``,
``MatMulConstVar``); operands v1 refused (more than two dimensions, or 1-d ones that
do not fit as column vectors) multiply as :func:`numpy.matmul` does (v3+), so that
``v @ v`` of two vectors of one length is their 0-d inner product.
"""
from chainer import function
from chainer.core_functions import matmul as nodes
from chainer.core_functions import matmul_nd


def _numpy_style(a, b):
    """Whether ``a @ b`` takes :func:`numpy.matmul`'s meaning: v1 refused these
    operands. 0-d and 2-d pairs mean the same in both, and stay with v1's nodes (and
    their error messages)."""
    if a.ndim == 0 or b.ndim == 0 or (a.ndim == 2 and b.ndim == 2):
        return False
    return not matmul_nd.v1_accepts(a.shape, b.shape)


def matmul(self, rhs):
    """``x @ rhs``: a ``MatMulVarVar`` node, or a ``MatMulVarConst`` for a constant
    array (cast to the variable's dtype, and given no gradient); operands v1 refused
    multiply as :func:`numpy.matmul` does."""
    if isinstance(rhs, function.Variable):
        if _numpy_style(self, rhs):
            return matmul_nd.matmul_nd(self, rhs)
        return nodes.MatMulVarVar()(self, rhs)
    return _with_constant(nodes.MatMulVarConst, self, rhs, False)


def rmatmul(self, lhs):
    """``lhs @ x`` for a constant array ``lhs`` (``MatMulConstVar``, or
    :func:`numpy.matmul`'s meaning where v1 refused the operands)."""
    if isinstance(lhs, function.Variable):  # an explicit call with a Variable
        return matmul(lhs, self)
    return _with_constant(nodes.MatMulConstVar, self, lhs, True)


def _with_constant(node_class, var, value, constant_first):
    if not hasattr(value, 'astype'):  # a scalar or a list: no matrix
        raise TypeError('the @ operator takes a Variable or an array, got {!r}'.format(
            value))
    # The constant takes the variable's dtype, as for the other operators (v1
    # multiplied a float64 variable by a float32 constant matrix).
    value = value.astype(var.dtype, copy=False)
    operands = (value, var) if constant_first else (var, value)
    if _numpy_style(*operands):
        return matmul_nd.matmul_nd(*operands)
    return node_class(value)(var)
