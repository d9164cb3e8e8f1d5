"""Matrix multiplication: ``matmul`` (re-exported from chainer-core).

The function node lives in core (``chainer.core_functions.matmul``) because the
``@`` operator of :class:`chainer.Variable` needs it; this module is its place in
``chainer.functions``.
"""
from chainer.core_functions.matmul import MatMul  # noqa: F401
from chainer.core_functions.matmul import matmul  # noqa: F401

# Chainer v1 defined ``batch_matmul`` in this module, and v1 code imports it from here.
from chainer.functions.math.batch_matmul import BatchMatMul  # noqa: F401
from chainer.functions.math.batch_matmul import batch_matmul  # noqa: F401
