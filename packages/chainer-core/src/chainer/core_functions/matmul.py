"""Matrix multiplication of two variables (the ``@`` operator, ``F.matmul``)."""
from chainer import function
from chainer.utils import type_check


def _as_matrix(x):
    """A 1-d array of shape (N,) is treated as an N x 1 matrix (spec 003, matmul)."""
    if x.ndim == 1:
        return x.reshape(len(x), 1)
    return x


def _matrix_shape(shape, trans):
    shape = tuple(shape) if len(shape) == 2 else (shape[0], 1)
    return shape[::-1] if trans else shape


class MatMul(function.Function):
    """``y = op(a) op(b)`` where ``op`` optionally transposes its matrix."""

    def __init__(self, transa=False, transb=False):
        self.transa = transa
        self.transb = transb

    @property
    def label(self):
        return 'MatMul'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        self._check_operands(*in_types)

    def _check_operands(self, a_type, b_type):
        type_check.expect(
            a_type.dtype.kind == 'f',
            a_type.dtype == b_type.dtype,
            a_type.ndim >= 1, a_type.ndim <= 2,
            b_type.ndim >= 1, b_type.ndim <= 2,
        )
        a_inner = _matrix_shape(type_check.eval(a_type.shape), self.transa)[1]
        b_inner = _matrix_shape(type_check.eval(b_type.shape), self.transb)[0]
        type_check.expect(
            type_check.make_variable(a_inner, 'op(a).shape[1]') ==
            type_check.make_variable(b_inner, 'op(b).shape[0]'))

    def forward(self, inputs):
        a, b = _as_matrix(inputs[0]), _as_matrix(inputs[1])
        if self.transa:
            a = a.T
        if self.transb:
            b = b.T
        return a.dot(b),

    def backward(self, inputs, grad_outputs):
        return self._grads(inputs, grad_outputs[0], *self._input_grads_needed(inputs))

    def _grads(self, operands, gy, need_a, need_b):
        """``(ga, gb)`` of the operands ``(a, b)``, each None unless asked for."""
        a0, b0 = operands
        # y = A B with A = op(a), B = op(b): gA = gy B^T, gB = A^T gy
        ga = gb = None
        if need_a:
            b = _as_matrix(b0)
            ga = gy.dot(b if self.transb else b.T)
            ga = (ga.T if self.transa else ga).reshape(a0.shape)
        if need_b:
            a = _as_matrix(a0)
            gb = (a if self.transa else a.T).dot(gy)
            gb = (gb.T if self.transb else gb).reshape(b0.shape)
        return ga, gb


class MatMulVarVar(MatMul):
    """``a @ b`` of two variables: the node of the ``@`` operator (v1's name)."""

    def __init__(self):
        super(MatMulVarVar, self).__init__()

    @property
    def label(self):
        return '_ @ _'


class _MatMulConstant(MatMul):
    """``x @ c`` or ``c @ x`` for a constant array ``c``: one input, whose gradient is
    the product's; the constant gets none."""

    _constant_first = False

    def __init__(self, value):
        super(_MatMulConstant, self).__init__()
        self.value = value

    def _operands(self, x, constant):
        """``(x, constant)`` in the order of the product (arrays or their types)."""
        return (constant, x) if self._constant_first else (x, constant)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        constant = type_check.TypeInfo(self.value.shape, self.value.dtype)
        self._check_operands(*self._operands(in_types[0], constant))

    def forward(self, inputs):
        return super(_MatMulConstant, self).forward(self._operands(inputs[0], self.value))

    def backward(self, inputs, grad_outputs):
        if not self._input_grads_needed(inputs)[0]:
            return None,
        # The constant's gradient is never computed.
        first = self._constant_first
        grads = self._grads(self._operands(inputs[0], self.value), grad_outputs[0],
                            not first, first)
        return grads[1] if first else grads[0],


class MatMulVarConst(_MatMulConstant):
    """``x @ c`` for a constant array ``c`` (v1's node of the ``@`` operator)."""

    @property
    def label(self):
        return '_ @ constant array'


class MatMulConstVar(_MatMulConstant):
    """``c @ x`` for a constant array ``c`` (v1's node of the reflected ``@``)."""

    _constant_first = True

    @property
    def label(self):
        return 'constant array @ _'


def matmul(a, b, transa=False, transb=False):
    """Matrix multiplication of two arrays: ``y = op(a) op(b)``.

    A 1-d array of shape ``(N,)`` is treated as an ``N x 1`` matrix; the result is
    always 2-d.

    Args:
        a (~chainer.Variable): left operand.
        b (~chainer.Variable): right operand.
        transa (bool): transpose ``a`` first.
        transb (bool): transpose ``b`` first.

    Returns:
        ~chainer.Variable: the 2-d product.
    """
    return MatMul(transa=transa, transb=transb)(a, b)
