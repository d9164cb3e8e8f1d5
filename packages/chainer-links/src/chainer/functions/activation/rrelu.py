"""Randomized leaky ReLU: ``rrelu`` (Chainer v6+)."""
import chainer
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class RReLU(function_node.FunctionNode):
    """``y = x`` where ``x >= 0``, ``r x`` elsewhere, with slopes ``r`` drawn from
    ``U(lower, upper)`` in training and ``(lower + upper) / 2`` in test mode (or the
    ``r`` given). The gradient is ``gy`` times the same factors: a function linear in
    ``gy`` whose derivative in ``x`` is zero almost everywhere (undefined at 0)."""

    def __init__(self, lower=1. / 8, upper=1. / 3, r=None):
        if not 0.0 <= lower < 1.0:
            raise ValueError('lower must be in [0, 1), got {}'.format(lower))
        if not 0.0 <= upper < 1.0:
            raise ValueError('upper must be in [0, 1), got {}'.format(upper))
        if not lower < upper:
            raise ValueError('lower must be less than upper, got {} and {}'.format(
                lower, upper))
        self.lower = lower
        self.upper = upper
        self.r = r

    @property
    def label(self):
        return 'RReLU'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        if self.r is not None:
            type_check.expect(in_types[0].dtype == self.r.dtype,
                              in_types[0].shape == self.r.shape)

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        if not chainer.config.train:
            self.r = xp.full(x.shape, (self.lower + self.upper) / 2, dtype=x.dtype)
        elif self.r is None:
            self.r = xp.random.uniform(self.lower, self.upper, x.shape).astype(
                x.dtype, copy=False)
        self._factor = xp.where(x >= 0, x.dtype.type(1), self.r).astype(x.dtype)
        return utils.force_array(x * self._factor, x.dtype),

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * self._factor,


def rrelu(x, l=1. / 8, u=1. / 3, r=None, return_r=False):  # noqa: E741 (v7 names)
    """Randomized leaky rectified linear unit: ``f(x) = max(x, r x)``.

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.
        l (float): lower bound of the uniform distribution of the slopes, in [0, 1).
        u (float): upper bound, in ``(l, 1)``.
        r (array or None): the slopes to use (of the shape and dtype of ``x``),
            instead of drawing them; ignored in test mode (``chainer.config.train``
            False), where the slopes are ``(l + u) / 2``.
        return_r (bool): also return the slopes used.

    Returns:
        ~chainer.Variable, or the tuple ``(y, r)`` when ``return_r`` is True.
    """
    func = RReLU(l, u, r)
    y, = func.apply((x,))
    return (y, func.r) if return_r else y
