"""DeCov loss: the off-diagonal covariance of hidden units (Cogswell et al., 2016,
https://arxiv.org/abs/1511.06068)."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.functions.loss import _reduce
from chainer.utils import type_check


def _zero_diagonal(xp, m):
    return m * (1 - xp.eye(m.shape[0], dtype=m.dtype))


class DeCov(function.Function):
    """``C = Hc^T Hc / N`` off its diagonal (``Hc``: the columns of ``h`` centered);
    the loss is ``C`` itself (``reduce='no'``) or ``sum(C^2) / 2``."""

    def __init__(self, reduce='half_squared_sum'):
        self.reduce = _reduce.check_reduce(reduce, ('half_squared_sum', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        h_type, = in_types
        type_check.expect(h_type.dtype.kind == 'f', h_type.ndim == 2)

    def forward(self, inputs):
        h, = inputs
        xp = cuda.get_array_module(h)
        self._centered = h - h.mean(axis=0, keepdims=True)
        n = h.dtype.type(len(h))
        self._covariance = _zero_diagonal(xp, self._centered.T.dot(self._centered)) / n
        if self.reduce == 'no':
            return utils.force_array(self._covariance, h.dtype),
        half_sum = h.dtype.type(0.5) * xp.vdot(self._covariance, self._covariance)
        return utils.force_array(half_sum, h.dtype),

    _differentiable_backward = True

    def _variable_grads(self, h, gy):
        from chainer import functions as F
        from chainer.functions.loss import _double
        xp = cuda.get_array_module(self._centered)
        n = float(len(h))
        off = _double.constant(1 - xp.eye(h.shape[1], dtype=h.dtype))
        centered = h - F.broadcast_to(F.mean(h, axis=0, keepdims=True), h.shape)
        if self.reduce == 'no':
            g_cov = gy * off
        else:
            cov = F.matmul(centered, centered, transa=True) * off / n
            g_cov = F.broadcast_to(F.reshape(gy, (1, 1)), cov.shape) * cov
        return F.matmul(centered, g_cov + F.transpose(g_cov)) / n,

    def backward(self, inputs, grad_outputs):
        h, = inputs
        xp = cuda.get_array_module(h)
        gy, = grad_outputs
        from chainer.functions.loss import _double
        if _double.is_variable(gy):  # differentiable twice
            return self._variable_grads(h, gy)
        if self.reduce == 'no':
            g_cov = _zero_diagonal(xp, gy)
        else:
            g_cov = gy * self._covariance
        # The columns of Hc sum to zero, so the gradient needs no centering term.
        gh = self._centered.dot(g_cov + g_cov.T) / h.dtype.type(len(h))
        return utils.force_array(gh, h.dtype),


def decov(h, reduce='half_squared_sum'):
    """DeCov loss: penalizes the covariance between different hidden units.

    With ``Hc`` the batch ``h`` (``(N, M)``) with each column's mean subtracted, the
    covariance is :math:`C = Hc^\\top Hc / N`, with its diagonal set to zero.

    Args:
        h (~chainer.Variable): float matrix of shape ``(N, M)``, a batch of ``N``
            hidden vectors.
        reduce (str): ``'half_squared_sum'`` (the default) for the scalar
            :math:`\\frac{1}{2} \\sum_{ij} C_{ij}^2`, or ``'no'`` for ``C`` itself,
            of shape ``(M, M)``. Any other value raises ValueError.

    Returns:
        ~chainer.Variable: the loss (see ``reduce``).
    """
    return DeCov(reduce)(h)
