"""Cross-covariance penalty."""
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _reduce


class CrossCovariance(function.Function):
    """Half the squared Frobenius norm of the cross-covariance of ``y`` and ``z`` (or the
    cross-covariance matrix itself with ``reduce='no'``)."""

    def __init__(self, reduce='half_squared_sum'):
        self.reduce = _reduce.check_reduce(reduce, ('half_squared_sum', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        y_type, z_type = in_types
        type_check.expect(
            y_type.dtype.kind == 'f',
            z_type.dtype == y_type.dtype,
            y_type.ndim == 2,
            z_type.ndim == 2,
            y_type.shape[0] == z_type.shape[0],
        )

    def forward(self, inputs):
        y, z = inputs
        n = y.dtype.type(max(y.shape[0], 1))
        self.y_centered = y - y.mean(axis=0, keepdims=True)
        self.z_centered = z - z.mean(axis=0, keepdims=True)
        self.covariance = self.y_centered.T.dot(self.z_centered) / n
        if self.reduce == 'no':
            return self.covariance,
        cov = self.covariance.ravel()
        return force_array(cov.dot(cov) * y.dtype.type(0.5), y.dtype),

    _differentiable_backward = True

    def _variable_grads(self, y, z, g):
        from chainer import functions as F
        n = float(max(y.shape[0], 1))
        yc = y - F.broadcast_to(F.mean(y, axis=0, keepdims=True), y.shape)
        zc = z - F.broadcast_to(F.mean(z, axis=0, keepdims=True), z.shape)
        if self.reduce == 'no':
            coeff = g / n
        else:
            cov = F.matmul(yc, zc, transa=True) / n
            coeff = F.broadcast_to(F.reshape(g, (1, 1)), cov.shape) * cov / n
        return F.matmul(zc, coeff, transb=True), F.matmul(yc, coeff)

    def backward(self, inputs, grad_outputs):
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            return self._variable_grads(inputs[0], inputs[1], grad_outputs[0])
        y = inputs[0]
        coeff = grad_outputs[0] / y.dtype.type(max(y.shape[0], 1))
        # The columns of the centered inputs sum to zero, so the gradients below are
        # already centered and the mean subtraction needs no extra term.
        if self.reduce == 'no':  # coeff is the covariance's gradient over n
            return self.z_centered.dot(coeff.T), self.y_centered.dot(coeff)
        gy = self.z_centered.dot(self.covariance.T) * coeff
        gz = self.y_centered.dot(self.covariance) * coeff
        return gy, gz


def cross_covariance(y, z, reduce='half_squared_sum'):
    """Computes the sum-squared cross-covariance penalty between ``y`` and ``z``.

    .. math::
        L = \\frac12 \\sum_{i,j} C_{ij}^2, \\qquad
        C = \\frac1N (y - \\bar y)^\\top (z - \\bar z)

    where the means run over the batch axis.

    Args:
        y (~chainer.Variable): float matrix (N, I), batch first.
        z (~chainer.Variable): float matrix (N, J) of the dtype of ``y``.
        reduce (str): ``'half_squared_sum'`` (the loss above) or ``'no'``: the
            cross-covariance matrix :math:`C` itself (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar, or the (I, J) matrix with ``reduce='no'``.
    """
    return CrossCovariance(reduce)(y, z)
