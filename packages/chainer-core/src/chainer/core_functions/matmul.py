"""Matrix multiplication of two variables (the ``@`` operator, ``F.matmul``)."""
from chainer import function
from chainer import function_node
from chainer.utils import type_check


def _as_matrix(x):
    """A 1-d array of shape (N,) is treated as an N x 1 matrix (a column vector)."""
    if x.ndim == 1:
        return x.reshape(len(x), 1)
    return x


def _matrix_shape(shape, trans):
    shape = tuple(shape) if len(shape) == 2 else (shape[0], 1)
    return shape[::-1] if trans else shape


class _Reshape(function_node.FunctionNode):
    """Reshape as a node, for the gradients of 1-d operands in a double backprop."""

    def __init__(self, shape):
        self._shape = shape

    def forward(self, inputs):
        self._in_shape = inputs[0].shape
        return inputs[0].reshape(self._shape),

    def backward(self, indexes, grad_outputs):
        return _Reshape(self._in_shape).apply(grad_outputs)


def _as_matrix_variable(x):
    return _Reshape((x.shape[0], 1)).apply((x,))[0] if x.ndim == 1 else x


class MatMul(function.Function):
    """``y = op(a) op(b)`` where ``op`` optionally transposes its matrix."""

    _differentiable_backward = True

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
        if isinstance(grad_outputs[0], function.Variable):  # a double backprop
            return self._variable_grads(inputs, grad_outputs[0], True, True)
        return self._grads(inputs, grad_outputs[0], *self._input_grads_needed(inputs))

    def _variable_grads(self, operands, gy, need_a, need_b):
        """``(ga, gb)`` as graphs of MatMul nodes (either operand may be a constant
        array)."""
        a0, b0 = operands
        a, b = _as_matrix_any(a0), _as_matrix_any(b0)
        ta, tb = self.transa, self.transb
        ga = gb = None
        if need_a:  # gA = gy B^T; ga = gA, or gA^T = B gy^T when a is transposed
            ga = MatMul(False, not tb)(gy, b) if not ta else MatMul(tb, True)(b, gy)
            ga = _reshape_like(ga, a0)
        if need_b:  # gB = A^T gy; gb = gB, or gB^T = gy^T A when b is transposed
            gb = MatMul(not ta, False)(a, gy) if not tb else MatMul(True, ta)(gy, a)
            gb = _reshape_like(gb, b0)
        return ga, gb

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
        if isinstance(grad_outputs[0], function.Variable):  # a double backprop
            first = self._constant_first
            grads = self._variable_grads(self._operands(inputs[0], self.value),
                                         grad_outputs[0], not first, first)
            return grads[1] if first else grads[0],
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


def _as_matrix_any(x):
    if isinstance(x, function.Variable):
        return _as_matrix_variable(x)
    return _as_matrix(x)


def _reshape_like(g, x):
    if g.shape == x.shape:
        return g
    return _Reshape(x.shape).apply((g,))[0]


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
