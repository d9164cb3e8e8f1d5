"""L2 normalization of each sample: ``F.normalize``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions import _grad_nodes
from chainer.functions._axis import check_axes
from chainer.functions._axis import normalize_axes
from chainer.functions.normalization import _bn_graph
from chainer.utils import type_check


class NormalizeL2(function.Function):
    """Divides ``x`` by its L2 norms along ``axis`` plus ``eps`` (see
    :func:`normalize`). Its backward is differentiable again (a double backprop
    builds the gradient from differentiable nodes)."""

    _differentiable_backward = True

    def __init__(self, eps=1e-5, axis=1):
        if not eps >= 0:
            raise ValueError('eps must be non-negative, got {}'.format(eps))
        self.eps = eps
        axes = normalize_axes(axis)
        if axes is None:
            raise TypeError('axis must be an int or a tuple of ints, got None')
        # a tuple even for one axis, as in v2-v7 (exporters read ``axis[0]``)
        self.axis = axes
        self._axes = axes

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        check_axes(self._axes, in_types[0].ndim)

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        self._norm = xp.sqrt((x * x).sum(axis=self._axes, keepdims=True))
        return utils.force_array(x / (self._norm + x.dtype.type(self.eps))),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy, = grad_outputs
        if isinstance(gy, variable.Variable):  # a double backprop
            return self._variable_grad(x, gy),
        xp = cuda.get_array_module(x)
        norm = self._norm
        denom = norm + x.dtype.type(self.eps)
        # y = x / (r + eps), r = |x|:  gx = gy / (r + eps) - x (gy . x) / (r (r + eps)^2).
        # For a zero row the second term vanishes (x = 0); avoid 0 / 0 there.
        safe_norm = xp.where(norm > 0, norm, x.dtype.type(1))
        dot = (gy * x).sum(axis=self._axes, keepdims=True)
        gx = utils.force_array(gy / denom)
        gx -= x * (dot / (safe_norm * denom * denom))
        return gx,

    def _variable_grad(self, x, gy):
        # The same formula from differentiable nodes; r = |x| is a node of x, so its
        # second derivative is undefined (infinite) where a whole vector is zero.
        x = _grad_nodes.as_variable(x)
        kshape = tuple(1 if i in [a % x.ndim for a in self._axes] else n
                       for i, n in enumerate(x.shape))
        norm = _bn_graph.sum_keep(x * x, kshape) ** 0.5
        denom = norm + self.eps
        dot = _bn_graph.sum_keep(gy * x, kshape)
        return gy / denom - x * (dot / (norm * denom * denom))


def normalize(x, eps=1e-5, axis=1):
    """L2 normalization of ``x`` along an axis.

    For ``x`` of shape ``(N, K)`` and ``axis=1`` (each sample of a mini-batch, no
    reduction along the batch axis):

    .. math:: y_i = \\frac{x_i}{\\|x_i\\|_2 + \\epsilon}

    where ``eps`` avoids the division by zero when :math:`x_i = 0`. Another ``axis``
    normalizes the vectors along that axis instead (Chainer v1.24), and a tuple of
    axes (v4+) the vectors along those axes together (``()``: each element by its
    absolute value). Differentiable twice, except where a whole vector is zero (the
    second derivative of the norm is undefined there).

    Args:
        x (~chainer.Variable or array): Input variable, e.g. of shape ``(N, K)`` with
            the mini-batch first.
        eps (float): Epsilon value for numerical stability.
        axis (int or tuple of ints): Axis (axes) along which to normalize.

    Returns:
        ~chainer.Variable: Output variable, the shape of ``x``.
    """
    return NormalizeL2(eps, axis)(x)
