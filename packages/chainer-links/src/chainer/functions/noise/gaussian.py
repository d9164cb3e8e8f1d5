"""Gaussian sampling: ``F.gaussian``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.utils import type_check


class _ScaledNoise(function.Function):
    """``exp(ln_var / 2) * eps`` for a fixed ``eps``: the random part of
    :class:`Gaussian`, differentiable to any order (its derivative is itself / 2)."""

    _differentiable_backward = True

    def __init__(self, eps):
        self.eps = eps

    def forward(self, inputs):
        ln_var, = inputs
        self._noise = utils.force_array(
            cuda.get_array_module(ln_var).exp(ln_var * ln_var.dtype.type(0.5)) * self.eps)
        return self._noise,

    def backward(self, inputs, grad_outputs):
        gy, = grad_outputs
        if isinstance(gy, variable.Variable):
            return gy * _ScaledNoise(self.eps)(inputs[0]) * 0.5,
        return utils.force_array(gy * self._noise * gy.dtype.type(0.5)),


class Gaussian(function.Function):
    """Draws :math:`y = \\mu + \\exp(\\ln\\sigma^2 / 2)\\,\\epsilon`,
    :math:`\\epsilon \\sim N(0, 1)` (the reparameterization trick).

    The noise :math:`\\epsilon` is drawn on the first forward unless given, and kept:
    applying the same instance again reuses it. Its backward works on Variables too,
    so a double backprop differentiates it.

    Args:
        eps (array or None): the noise to use instead of a random one.
    """

    _differentiable_backward = True

    def __init__(self, eps=None):
        self.eps = eps

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
        return utils.force_array(mean + self._noise, mean.dtype),

    def backward(self, inputs, grad_outputs):
        gy, = grad_outputs
        if isinstance(gy, variable.Variable):
            return gy, gy * _ScaledNoise(self.eps)(inputs[1]) * 0.5
        # dy/dmean = 1,  dy/dln_var = exp(ln_var / 2) eps / 2 = noise / 2
        return gy, utils.force_array(gy * self._noise * gy.dtype.type(0.5))


def gaussian(mean, ln_var, **kwargs):
    """gaussian(mean, ln_var, *, eps=None, return_eps=False)

    Gaussian sampling function.

    Takes the mean :math:`\\mu` and the logarithm of the variance
    :math:`\\log(\\sigma^2)` and outputs a sample of :math:`N(\\mu, \\sigma^2)`:

    .. math:: y = \\mu + \\exp(\\log(\\sigma^2) / 2)\\,\\epsilon,
              \\quad \\epsilon \\sim N(0, 1),

    differentiable with respect to both inputs.

    Args:
        mean (~chainer.Variable or array): Mean :math:`\\mu`.
        ln_var (~chainer.Variable or array): Log variance :math:`\\log(\\sigma^2)`, of
            the shape and dtype of ``mean``.
        eps (array): the noise :math:`\\epsilon` to use (e.g. one a previous call
            returned), of the shape and dtype of ``ln_var``; None: a random one.
        return_eps (bool): If True, returns the noise used too.

    Returns:
        ~chainer.Variable or tuple: Output variable of the shape of ``mean``, and with
        ``return_eps`` the pair ``(output, eps)``.
    """
    eps = kwargs.pop('eps', None)
    return_eps = kwargs.pop('return_eps', False)
    if kwargs:
        raise TypeError('gaussian() got unexpected keyword argument(s) {}'.format(
            ', '.join(sorted(kwargs))))
    func = Gaussian(eps)
    out = func(mean, ln_var)
    if return_eps:
        return out, func.eps
    return out
