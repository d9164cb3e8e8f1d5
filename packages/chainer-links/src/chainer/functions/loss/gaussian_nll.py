"""Negative log-likelihood of a diagonal Gaussian."""
import math

from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions import _type_checks
from chainer.functions.loss import _reduce


class GaussianNLL(function.Function):
    """-log N(x; mean, exp(ln_var)) summed over all elements, or per element with
    ``reduce='no'``."""

    def __init__(self, reduce='sum'):
        self.reduce = _reduce.check_reduce(reduce, ('sum', 'mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        x, mean, ln_var = inputs
        xp = cuda.get_array_module(x)
        dtype = x.dtype.type
        self.diff = x - mean
        self.inv_var = xp.exp(-ln_var)
        nll = (ln_var + self.diff * self.diff * self.inv_var) * dtype(0.5)
        nll += dtype(0.5 * math.log(2 * math.pi))
        return force_array(_reduce.total_unless_no(nll, self.reduce), x.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            from chainer import functions as F
            x, mean, ln_var = inputs
            g = _double.total_grad(grad_outputs[0], self.reduce, x.shape)
            diff = x - mean
            scaled = diff * F.exp(-ln_var)
            gx = scaled * g
            return gx, -gx, (1.0 - scaled * diff) * g * 0.5
        dtype = self.diff.dtype.type
        gy = _reduce.total_grad(grad_outputs[0], self.reduce, self.diff.size)
        gx = self.diff * self.inv_var * gy
        g_ln_var = (dtype(1) - self.diff * self.diff * self.inv_var) * (gy * dtype(0.5))
        return gx, -gx, g_ln_var


def gaussian_nll(x, mean, ln_var, reduce='sum'):
    """Computes the negative log-likelihood of a Gaussian distribution.

    .. math::
        -\\log N(x; \\mu, \\sigma^2) = \\log \\sqrt{(2\\pi)^D |S|}
            + \\frac12 (x - \\mu)^\\top S^{-1} (x - \\mu)

    with :math:`S = \\mathrm{diag}(\\sigma^2)` and :math:`D` the number of elements.

    Args:
        x (~chainer.Variable): the input.
        mean (~chainer.Variable): :math:`\\mu`, same shape and dtype as ``x``.
        ln_var (~chainer.Variable): :math:`\\log \\sigma^2`, same shape and dtype.
        reduce (str): ``'sum'``, ``'mean'`` (over every element, Chainer v7), or
            ``'no'`` for the term of every element,
            :math:`\\frac12 (\\log 2\\pi\\sigma_i^2 + (x_i - \\mu_i)^2 / \\sigma_i^2)`
            (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar, or an array of the shape of ``x``.
    """
    return GaussianNLL(reduce)(x, mean, ln_var)
