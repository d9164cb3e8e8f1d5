"""L2 normalization of each sample: ``F.normalize``."""
from chainer import cuda
from chainer import function
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.utils import type_check


class NormalizeL2(function.Function):
    """Divides ``x`` by its L2 norms along ``axis`` plus ``eps`` (see
    :func:`normalize`)."""

    def __init__(self, eps=1e-5, axis=1):
        if not eps >= 0:
            raise ValueError('eps must be non-negative, got {}'.format(eps))
        self.eps = eps
        self.axis = check_int(axis, 'axis')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        check_axis(self.axis, in_types[0].ndim)

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        self._norm = xp.sqrt((x * x).sum(axis=self.axis, keepdims=True))
        return x / (self._norm + x.dtype.type(self.eps)),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy, = grad_outputs
        xp = cuda.get_array_module(x)
        norm = self._norm
        denom = norm + x.dtype.type(self.eps)
        # y = x / (r + eps), r = |x|:  gx = gy / (r + eps) - x (gy . x) / (r (r + eps)^2).
        # For a zero row the second term vanishes (x = 0); avoid 0 / 0 there.
        safe_norm = xp.where(norm > 0, norm, x.dtype.type(1))
        dot = (gy * x).sum(axis=self.axis, keepdims=True)
        gx = gy / denom
        gx -= x * (dot / (safe_norm * denom * denom))
        return gx,


def normalize(x, eps=1e-5, axis=1):
    """L2 normalization of ``x`` along an axis.

    For ``x`` of shape ``(N, K)`` and ``axis=1`` (each sample of a mini-batch, no
    reduction along the batch axis):

    .. math:: y_i = \\frac{x_i}{\\|x_i\\|_2 + \\epsilon}

    where ``eps`` avoids the division by zero when :math:`x_i = 0`. Another ``axis``
    normalizes the vectors along that axis instead (Chainer v1.24).

    Args:
        x (~chainer.Variable or array): Input variable, e.g. of shape ``(N, K)`` with
            the mini-batch first.
        eps (float): Epsilon value for numerical stability.
        axis (int): Axis along which to normalize.

    Returns:
        ~chainer.Variable: Output variable, the shape of ``x``.
    """
    return NormalizeL2(eps, axis)(x)
