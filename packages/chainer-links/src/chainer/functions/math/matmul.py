"""Matrix multiplication: ``matmul`` (re-exported from chainer-core).

The function node lives in core (``chainer.core_functions.matmul``) because the
``@`` operator of :class:`chainer.Variable` needs it; this module is its place in
``chainer.functions``.
"""
from chainer.core_functions.matmul import MatMul  # noqa: F401
from chainer.core_functions.matmul import matmul  # noqa: F401
