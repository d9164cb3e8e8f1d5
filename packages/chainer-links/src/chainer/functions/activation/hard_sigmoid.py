"""Hard sigmoid: ``F.hard_sigmoid`` (spec 001 §3.4.1, 003)."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check


class HardSigmoid(function.Function):
    """Elementwise hard sigmoid :math:`f(x) = \\min(\\max(0.2 x + 0.5, 0), 1)`."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        t = x.dtype.type
        y = x * t(0.2)
        y += t(0.5)
        return utils.force_array(xp.clip(y, t(0), t(1))),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy, = grad_outputs
        # Slope 0.2 strictly inside (-2.5, 2.5), flat outside.
        inside = (x > -2.5) & (x < 2.5)
        return utils.force_array(gy * (inside * gy.dtype.type(0.2))),


def hard_sigmoid(x):
    """Elementwise hard-sigmoid function.

    .. math:: f(x) = \\begin{cases} 0 & x < -2.5 \\\\ 0.2 x + 0.5 & -2.5 < x < 2.5
              \\\\ 1 & 2.5 < x \\end{cases}

    (spec 003; 001 prints the bounds as 0.25, a typo: the line ``0.2 x + 0.5`` reaches
    0 and 1 at -2.5 and 2.5.)

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return HardSigmoid()(x)
