"""The inverse square root of a symmetric positive definite matrix as differentiable
nodes (for decorrelated batch normalization), differentiable to any order.

With ``Z = S^(1/2)``, the Sylvester operator ``L(G) = Z G + G Z`` is self-adjoint,
and every derivative here is a solve of ``L`` (:class:`SylvesterSolve`) and matrix
products: for ``Y = S^(-1/2)``, ``gS = -L^-1(Y gY Y)``; for ``G = L^-1(C)``,
``gC = L^-1(gG)`` and ``gZ = -(H G^T + G^T H)`` with ``H = L^-1(gG)``.
"""
import numpy

from chainer import cuda
from chainer import function_node


def _eigh(z):
    xp = cuda.get_array_module(z)
    w, v = xp.linalg.eigh(z.astype(numpy.float64))
    return w, v


def _solve(z, c):
    # G with Z G + G Z = C, by the eigenvectors of Z
    w, v = _eigh(z)
    ct = v.T.dot(c.astype(numpy.float64)).dot(v)
    g = v.dot(ct / (w[:, None] + w[None, :])).dot(v.T)
    return g.astype(c.dtype)


class SylvesterSolve(function_node.FunctionNode):
    """``G`` with ``Z G + G Z = C`` for a symmetric positive definite ``Z``."""

    def forward(self, inputs):
        z, c = inputs
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        return _solve(z, c),

    def backward(self, indexes, grad_outputs):
        z, = self.get_retained_inputs()
        g, = self.get_retained_outputs()
        h, = SylvesterSolve().apply((z, grad_outputs[0]))
        gz = -(h @ g.T + g.T @ h)
        return gz, h


class InvSqrt(function_node.FunctionNode):
    """``Y = S^(-1/2)`` for a symmetric positive definite ``S``."""

    def forward(self, inputs):
        s, = inputs
        xp = cuda.get_array_module(s)
        w, v = _eigh(s)
        self._z = (v * xp.sqrt(w)).dot(v.T).astype(s.dtype)
        self.retain_outputs((0,))
        return (v * (w ** -0.5)).dot(v.T).astype(s.dtype),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        z = SqrtOf(self._z).apply((y,))[0]
        gs, = SylvesterSolve().apply((z, -(y @ grad_outputs[0] @ y)))
        return gs,


class SqrtOf(function_node.FunctionNode):
    """``Z = Y^-1`` for ``Y = S^(-1/2)`` (so ``Z = S^(1/2)``), given its value; its
    gradient is the inverse's: ``gY = -Z gZ Z``."""

    def __init__(self, z):
        self._z = z

    def forward(self, inputs):
        self.retain_outputs((0,))
        return self._z.copy(),

    def backward(self, indexes, grad_outputs):
        z, = self.get_retained_outputs()
        return -(z @ grad_outputs[0] @ z),
