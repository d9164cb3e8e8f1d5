"""Huber loss (spec 001 §3.4.5 "huber_loss")."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions import _type_checks


class HuberLoss(function.Function):
    """Huber loss of ``x - t``, summed over all elements."""

    def __init__(self, delta):
        if not delta > 0:
            raise ValueError('delta must be positive, got {!r}'.format(delta))
        self.delta = delta

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        x, t = inputs
        xp = cuda.get_array_module(x)
        self.diff = x - t
        delta = x.dtype.type(self.delta)
        a = abs(self.diff)
        loss = xp.where(a <= delta, x.dtype.type(0.5) * self.diff ** 2,
                        delta * (a - x.dtype.type(0.5) * delta))
        return force_array(loss.sum(), x.dtype),

    def backward(self, inputs, grad_outputs):
        xp = cuda.get_array_module(self.diff)
        delta = self.diff.dtype.type(self.delta)
        # dL/da = a inside the quadratic zone, delta * sign(a) outside: a clip.
        gx = xp.clip(self.diff, -delta, delta) * grad_outputs[0]
        return gx, -gx


def huber_loss(x, t, delta):
    """Loss function which is less sensitive to outliers in data than MSE.

    With :math:`a = x - t`,

    .. math::
        L_\\delta(a) = \\begin{cases} \\frac12 a^2 & |a| \\le \\delta \\\\
                      \\delta (|a| - \\frac12 \\delta) & \\text{otherwise} \\end{cases}

    summed over all elements: the spec (001 §3.4.5) documents a scalar result.

    Args:
        x (~chainer.Variable): input, e.g. of shape (N, K).
        t (~chainer.Variable): target of the shape and dtype of ``x``.
        delta (float): the positive threshold :math:`\\delta`.

    Returns:
        ~chainer.Variable: a scalar.
    """
    return HuberLoss(delta)(x, t)
