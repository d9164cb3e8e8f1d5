"""Gaussian sampling: ``F.gaussian``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check


class Gaussian(function.Function):
    """Draws :math:`y = \\mu + \\exp(\\ln\\sigma^2 / 2)\\,\\epsilon`,
    :math:`\\epsilon \\sim N(0, 1)` (the reparameterization trick).

    The noise :math:`\\epsilon` is drawn on the first forward and kept: applying the
    same instance again reuses it.
    """

    def __init__(self):
        self.eps = None

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        mean_type, ln_var_type = in_types
        type_check.expect(
            mean_type.dtype.kind == 'f',
            ln_var_type.dtype == mean_type.dtype,
            ln_var_type.shape == mean_type.shape,
        )

    def forward(self, inputs):
        mean, ln_var = inputs
        xp = cuda.get_array_module(mean)
        if self.eps is None:
            self.eps = xp.random.standard_normal(ln_var.shape).astype(
                mean.dtype, copy=False)
        self._noise = xp.exp(ln_var * ln_var.dtype.type(0.5)) * self.eps
        return utils.force_array(mean + self._noise),

    def backward(self, inputs, grad_outputs):
        gy, = grad_outputs
        # dy/dmean = 1,  dy/dln_var = exp(ln_var / 2) eps / 2 = noise / 2
        return gy, utils.force_array(gy * self._noise * gy.dtype.type(0.5))


def gaussian(mean, ln_var):
    """Gaussian sampling function.

    Takes the mean :math:`\\mu` and the logarithm of the variance
    :math:`\\log(\\sigma^2)` and outputs a sample of :math:`N(\\mu, \\sigma^2)`:

    .. math:: y = \\mu + \\exp(\\log(\\sigma^2) / 2)\\,\\epsilon,
              \\quad \\epsilon \\sim N(0, 1),

    differentiable with respect to both inputs.

    Args:
        mean (~chainer.Variable or array): Mean :math:`\\mu`.
        ln_var (~chainer.Variable or array): Log variance :math:`\\log(\\sigma^2)`, of
            the shape and dtype of ``mean``.

    Returns:
        ~chainer.Variable: Output variable of the shape of ``mean``.
    """
    return Gaussian()(mean, ln_var)
