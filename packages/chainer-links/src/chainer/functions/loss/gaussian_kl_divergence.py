"""KL divergence of a diagonal Gaussian from N(0, I)."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions import _type_checks
from chainer.functions.loss import _reduce


class GaussianKLDivergence(function.Function):
    """KL divergence of N(mean, exp(ln_var)) from the standard Gaussian: summed, or per
    element with ``reduce='no'``."""

    def __init__(self, reduce='sum'):
        self.reduce = _reduce.check_reduce(reduce, ('sum', 'mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        mean, ln_var = inputs
        xp = cuda.get_array_module(mean)
        self.var = xp.exp(ln_var)
        half = mean.dtype.type(0.5)
        kl = (mean * mean + self.var - ln_var - mean.dtype.type(1)) * half
        return force_array(_reduce.total_unless_no(kl, self.reduce), mean.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        mean, ln_var = inputs
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            from chainer import functions as F
            g = _double.total_grad(grad_outputs[0], self.reduce, mean.shape)
            return mean * g, (F.exp(ln_var) - 1.0) * g * 0.5
        gy = _reduce.total_grad(grad_outputs[0], self.reduce, mean.size)
        return mean * gy, (self.var - mean.dtype.type(1)) * (gy * mean.dtype.type(0.5))


def gaussian_kl_divergence(mean, ln_var, reduce='sum'):
    """Computes the KL-divergence of Gaussian variables from the standard one.

    .. math::
        D_{KL}(N(\\mu, S) \\| N(0, I)) =
        \\frac12 \\sum_i (\\mu_i^2 + \\sigma_i^2 - \\log \\sigma_i^2 - 1)

    with :math:`S = \\mathrm{diag}(\\sigma^2)`, summed over all elements (or, with
    ``reduce='no'``, the term of every element).

    Args:
        mean (~chainer.Variable): the mean :math:`\\mu`.
        ln_var (~chainer.Variable): :math:`\\log \\sigma^2`, same shape and dtype.
        reduce (str): ``'sum'``, ``'mean'`` (over every element, Chainer v7) or
            ``'no'`` (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar, or an array of the shape of ``mean``.
    """
    return GaussianKLDivergence(reduce)(mean, ln_var)
