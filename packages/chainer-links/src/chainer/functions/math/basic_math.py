"""Arithmetic behind the Variable operators (re-exported from chainer-core).

Kept as ``chainer.functions.math.basic_math`` for code written against Chainer v1,
which imported the operator function nodes from here.
"""
from chainer.core_functions.basic_math import Absolute  # noqa: F401
from chainer.core_functions.basic_math import Add  # noqa: F401
from chainer.core_functions.basic_math import AddConstant  # noqa: F401
from chainer.core_functions.basic_math import Div  # noqa: F401
from chainer.core_functions.basic_math import DivFromConstant  # noqa: F401
from chainer.core_functions.basic_math import Mul  # noqa: F401
from chainer.core_functions.basic_math import MulConstant  # noqa: F401
from chainer.core_functions.basic_math import Neg  # noqa: F401
from chainer.core_functions.basic_math import PowConstVar  # noqa: F401
from chainer.core_functions.basic_math import PowVarConst  # noqa: F401
from chainer.core_functions.basic_math import PowVarVar  # noqa: F401
from chainer.core_functions.basic_math import Sub  # noqa: F401
from chainer.core_functions.basic_math import SubFromConstant  # noqa: F401
from chainer.core_functions.basic_math import absolute  # noqa: F401
from chainer.core_functions.basic_math import add as _add_two
from chainer.core_functions.basic_math import div  # noqa: F401
from chainer.core_functions.basic_math import _convert_value_to_string  # noqa: F401
from chainer.core_functions.basic_math import install_variable_operators  # noqa: F401
from chainer.core_functions.matmul import MatMulConstVar  # noqa: F401
from chainer.core_functions.matmul import MatMulVarConst  # noqa: F401
from chainer.core_functions.matmul import MatMulVarVar  # noqa: F401
from chainer.core_functions.basic_math import matmul  # noqa: F401
from chainer.core_functions.basic_math import mul  # noqa: F401
from chainer.core_functions.basic_math import neg  # noqa: F401
from chainer.core_functions.basic_math import pow  # noqa: F401
from chainer.core_functions.basic_math import rdiv  # noqa: F401
from chainer.core_functions.basic_math import rmatmul  # noqa: F401
from chainer.core_functions.basic_math import rpow  # noqa: F401
from chainer.core_functions.basic_math import rsub  # noqa: F401
from chainer.core_functions.basic_math import sub  # noqa: F401


def add(*xs):
    """Elementwise sum of variables (``F.add``, v3+), their shapes broadcast.

    With two operands this is ``x0 + x1`` (the node of the ``+`` operator, v1's
    ``basic_math.add``, a constant second operand included); with more, the running
    sum of them, differentiable to any order; with one, a new Variable holding it (as
    v7's sum of a single operand).

    Args:
        xs (~chainer.Variable or array): one or more operands (the first one a
            Variable or an array).

    Returns:
        ~chainer.Variable: the sum.

    Raises:
        TypeError: no operand.
    """
    if not xs:
        raise TypeError('add takes one or more operands, got none')
    if len(xs) == 1:
        from chainer.functions.math import identity
        return identity.identity(xs[0])
    import numpy

    from chainer import cuda
    from chainer import variable
    y = xs[0] if isinstance(xs[0], variable.Variable) else variable.Variable(
        xs[0], requires_grad=False)
    for x in xs[1:]:
        if isinstance(x, (numpy.ndarray, cuda.ndarray)):
            x = variable.Variable(x, requires_grad=False)  # an array broadcasts too
        y = _add_two(y, x)
    return y
