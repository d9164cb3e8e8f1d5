"""Huber loss."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions import _type_checks
from chainer.functions.loss import _reduce


class HuberLoss(function.Function):
    """Huber loss of ``x - t``, summed along the second axis (or per element with
    ``reduce='no'``), as Chainer v1 computes it."""

    def __init__(self, delta, reduce='sum_along_second_axis'):
        if not delta > 0:
            raise ValueError('delta must be positive, got {!r}'.format(delta))
        self.delta = delta
        self.reduce = _reduce.check_reduce(reduce, ('sum_along_second_axis', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)
        if self.reduce == 'sum_along_second_axis':
            type_check.expect(in_types[0].ndim >= 2)

    def forward(self, inputs):
        x, t = inputs
        xp = cuda.get_array_module(x)
        self.diff = x - t
        delta = x.dtype.type(self.delta)
        a = abs(self.diff)
        loss = xp.where(a <= delta, x.dtype.type(0.5) * self.diff ** 2,
                        delta * (a - x.dtype.type(0.5) * delta))
        if self.reduce == 'sum_along_second_axis':
            loss = loss.sum(axis=1)
        return force_array(loss, x.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            from chainer import functions as F
            x, t = inputs
            gy = grad_outputs[0]
            if self.reduce == 'sum_along_second_axis':
                gy = F.broadcast_to(F.expand_dims(gy, 1), x.shape)
            gx = F.clip(x - t, -float(self.delta), float(self.delta)) * gy
            return gx, -gx
        xp = cuda.get_array_module(self.diff)
        delta = self.diff.dtype.type(self.delta)
        # dL/da = a inside the quadratic zone, delta * sign(a) outside: a clip.
        gy = grad_outputs[0]
        if self.reduce == 'sum_along_second_axis':
            gy = xp.expand_dims(gy, 1)
        gx = force_array(xp.clip(self.diff, -delta, delta) * gy, self.diff.dtype)
        return gx, force_array(-gx)


def huber_loss(x, t, delta, reduce='sum_along_second_axis'):
    """Loss function which is less sensitive to outliers in data than MSE.

    With :math:`a = x - t`,

    .. math::
        L_\\delta(a) = \\begin{cases} \\frac12 a^2 & |a| \\le \\delta \\\\
                      \\delta (|a| - \\frac12 \\delta) & \\text{otherwise} \\end{cases}

    summed along the second axis (axis 1), as Chainer v1 computes it: for ``x`` of
    shape (N, K) the result is the loss of each of the N samples (v1's
    documentation described a scalar).

    Args:
        x (~chainer.Variable): input, e.g. of shape (N, K).
        t (~chainer.Variable): target of the shape and dtype of ``x``.
        delta (float): the positive threshold :math:`\\delta`.
        reduce (str): ``'sum_along_second_axis'`` or ``'no'``, the loss of every
            element (Chainer v1.24).

    Returns:
        ~chainer.Variable: the losses, of the shape of ``x`` without its second axis
        (or of the shape of ``x`` with ``reduce='no'``).
    """
    return HuberLoss(delta, reduce)(x, t)
