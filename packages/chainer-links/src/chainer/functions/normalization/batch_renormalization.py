"""Batch renormalization: ``F.batch_renormalization`` and
``F.fixed_batch_renormalization`` (Ioffe, 2017, https://arxiv.org/abs/1702.03275)."""
import warnings

from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions import _grad_nodes
from chainer.functions.normalization import _bn_graph
from chainer.functions.normalization import _channel_params
from chainer.functions.normalization import fixed_batch_normalization as _fixed
from chainer.utils import type_check


class BatchRenormalizationFunction(function.Function):
    """Normalizes with the batch statistics corrected toward the running ones (see
    :func:`batch_renormalization`).

    Args:
        eps (float): Added to the variances for numerical stability.
        mean (array): Running mean, updated in place when ``update_statistics``.
        var (array): Running variance, updated in place when ``update_statistics``.
        decay (float): Decay rate of the running averages.
        rmax (float): Bound of the scale correction ``r`` to ``[1/rmax, rmax]``.
        dmax (float): Bound of the shift correction ``d`` to ``[-dmax, dmax]``.
        update_statistics (bool): Whether the forward pass updates ``mean``/``var``.

    Attributes:
        r, d: The corrections of the last forward pass (per channel).

    Differentiable twice, ``r`` and ``d`` being constants of the graph (as in the
    first derivative).
    """

    def __init__(self, eps=2e-5, mean=None, var=None, decay=0.9, rmax=1, dmax=0,
                 update_statistics=True):
        if mean is None or var is None:
            raise TypeError('running_mean and running_var are required')
        _channel_params.check_eps_decay(eps, decay)
        self.eps = eps
        self.running_mean = mean
        self.running_var = var
        self.decay = decay
        self.rmax = rmax
        self.dmax = dmax
        self.update_statistics = update_statistics
        self.r = self.d = None

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        x_type, gamma_type, beta_type = in_types
        _channel_params.expect_channel_params(x_type, (gamma_type, beta_type))
        for name in ('running_mean', 'running_var'):
            type_check.expect(
                type_check.make_variable(getattr(self, name).shape, name + '.shape') ==
                gamma_type.shape)

    def forward(self, inputs):
        x, gamma, beta = inputs
        xp = cuda.get_array_module(x)
        view = _channel_params.param_view
        axes = _channel_params.reduced_axes(x.ndim, gamma.ndim)
        acc = _channel_params.sum_dtype(x.dtype)
        mean = x.mean(axis=axes, dtype=acc)
        xc = x - view(mean.astype(x.dtype), x.ndim)
        var = (xc * xc).mean(axis=axes, dtype=acc)
        std = xp.sqrt(var + self.eps)
        running_std = xp.sqrt(self.running_var.astype(acc) + self.eps)
        # The corrections are constants of the graph (no gradient flows into them).
        self.r = xp.clip(std / running_std, 1. / self.rmax, self.rmax).astype(acc)
        self.d = xp.clip((mean - self.running_mean) / running_std,
                         -self.dmax, self.dmax).astype(acc)
        self._std = std
        self._x_hat = xc / view(std.astype(x.dtype), x.ndim)  # before correction
        scale = (gamma * self.r).astype(x.dtype)
        shift = (gamma * self.d + beta).astype(x.dtype)
        y = self._x_hat * view(scale, x.ndim) + view(shift, x.ndim)
        if self.update_statistics:
            m = x.size // gamma.size
            decay = self.decay
            self.running_mean *= decay
            self.running_mean += ((1 - decay) * mean).astype(self.running_mean.dtype)
            self.running_var *= decay
            unbiased = var * (m / max(m - 1, 1))
            self.running_var += ((1 - decay) * unbiased).astype(self.running_var.dtype)
        return utils.force_array(y, x.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        x, gamma, _ = inputs
        gy, = grad_outputs
        if isinstance(gy, variable.Variable):  # a double backprop
            return self._variable_grads(x, gamma, gy)
        view = _channel_params.param_view
        axes = _channel_params.reduced_axes(x.ndim, gamma.ndim)
        acc = _channel_params.sum_dtype(x.dtype)
        m = x.size // gamma.size
        x_hat = self._x_hat
        gbeta = gy.sum(axis=axes, dtype=acc)
        g_xhat = (gy * x_hat).sum(axis=axes, dtype=acc)
        ggamma = g_xhat * self.r + gbeta * self.d
        # With r and d constant, y = (gamma r) x_hat + const: batch normalization's
        # gradient with the scale gamma r.
        coef = (gamma * self.r / self._std).astype(x.dtype)
        gx = gy - view((gbeta / m).astype(x.dtype), x.ndim)
        gx -= x_hat * view((g_xhat / m).astype(x.dtype), x.ndim)
        gx *= view(coef, x.ndim)
        return (utils.force_array(gx, x.dtype), ggamma.astype(gamma.dtype, copy=False),
                gbeta.astype(gamma.dtype, copy=False))

    def _variable_grads(self, x, gamma, gy):
        # y = batch_normalization(x, gamma r, 0) + gamma d + beta with r, d constant
        gamma = _grad_nodes.as_variable(gamma)
        r = self.r.astype(gamma.dtype)
        d = self.d.astype(gamma.dtype)
        axes = _channel_params.reduced_axes(x.ndim, gamma.ndim)
        gx, g_scale, gbeta = _bn_graph.batch_stat_grads(x, gamma * r, gy, axes,
                                                        self.eps)
        return gx, g_scale * r + gbeta * d, gbeta


def batch_renormalization(x, gamma, beta, rmax, dmax, eps=2e-5, running_mean=None,
                          running_var=None, decay=0.9, update_statistics=False):
    """Batch renormalization function.

    Batch normalization whose batch statistics are corrected toward the running ones,
    so that training and inference normalize alike:

    .. math::
        r = \\mathrm{clip}(\\sigma_B / \\sigma, 1/r_{max}, r_{max}), \\quad
        d = \\mathrm{clip}((\\mu_B - \\mu) / \\sigma, -d_{max}, d_{max}), \\\\
        y = \\gamma \\left(\\frac{x - \\mu_B}{\\sigma_B} r + d\\right) + \\beta,

    with :math:`\\sigma_B = \\sqrt{\\mathrm{var}_B + \\epsilon}`, :math:`\\sigma =
    \\sqrt{\\mathrm{running\\_var} + \\epsilon}`; ``r`` and ``d`` are constants for
    the backward pass. The axes are those of :func:`batch_normalization`.

    Args:
        x (~chainer.Variable or array): The input, ``(B, *channels, ...)``.
        gamma (~chainer.Variable or array): The scaling parameter.
        beta (~chainer.Variable or array): The shifting parameter.
        rmax (float): Upper bound of ``r`` (at least 1).
        dmax (float): Upper bound of ``|d|`` (at least 0).
        eps (float): Epsilon value for numerical stability.
        running_mean (array): Running average of the mean (required).
        running_var (array): Running average of the variance (required).
        decay (float): Decay rate of the running averages.
        update_statistics (bool): If True, the running averages are updated in
            place, as in :func:`batch_normalization` (the variance unbiased).

    Returns:
        ~chainer.Variable: The normalized output, of the shape of ``x``.
    """
    func = BatchRenormalizationFunction(eps, running_mean, running_var, decay, rmax,
                                        dmax, update_statistics)
    return func(x, gamma, beta)


def fixed_batch_renormalization(x, gamma, beta, mean, var, eps=2e-5):
    """Batch renormalization at inference: normalizes by the given statistics, as
    :func:`fixed_batch_normalization` does (``r = 1``, ``d = 0``).

    Deprecated (as in Chainer v7): it warns a DeprecationWarning; call
    :func:`fixed_batch_normalization` instead.

    Args:
        x (~chainer.Variable or array): The input.
        gamma (~chainer.Variable or array): The scaling parameter.
        beta (~chainer.Variable or array): The shifting parameter.
        mean (~chainer.Variable or array): The population mean.
        var (~chainer.Variable or array): The population variance.
        eps (float): Epsilon value for numerical stability.

    Returns:
        ~chainer.Variable: The normalized output.
    """
    warnings.warn('fixed_batch_renormalization is deprecated: use '
                  'fixed_batch_normalization, which computes the same',
                  DeprecationWarning, stacklevel=2)
    return _fixed.fixed_batch_normalization(x, gamma, beta, mean, var, eps)
