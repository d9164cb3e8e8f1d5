"""Batch normalization with batch statistics: ``F.batch_normalization``."""
import warnings

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions import _cudnn
from chainer.functions.normalization import _bn_graph
from chainer.functions.normalization import _channel_params
from chainer.utils import type_check

# Chainer v1 defined ``fixed_batch_normalization`` in this module, and v1 code imports it
# from here.
from chainer.functions.normalization.fixed_batch_normalization import (  # noqa: F401
    FixedBatchNormalization)
from chainer.functions.normalization.fixed_batch_normalization import (  # noqa: F401
    fixed_batch_normalization)


class BatchNormalizationFunction(function.Function):
    """Normalizes with the statistics of the mini-batch (see
    :func:`batch_normalization`).

    As in Chainer v1 the node also serves inference: with ``train=False`` (v1's
    default) it takes ``(x, gamma, beta, mean, var)`` and normalizes with the given
    statistics, as :class:`FixedBatchNormalization` (to which it delegates).

    Args:
        eps (float): Added to the variance for numerical stability.
        mean (array or None): Running average of the mean, updated in place by the
            forward pass (None: not computed).
        var (array or None): Running average of the variance, updated in place.
        train (bool): True: normalize with the batch statistics (three inputs);
            False: with the statistics given as inputs (five inputs).
        decay (float): Decay rate of the running averages, in ``[0, 1]``.
        use_cudnn (bool or None): On the GPU, use cuDNN when it is enabled and the layout is
            one cuDNN computes ((N, C) or (N, C, H, W) with C-sized parameters);
            otherwise the library's ``batch_norm_fwd``/``batch_norm_bwd`` kernels run.
        axis (None, int or tuple of ints): The aggregated axes (see
            :func:`batch_normalization`).

    Its backward is differentiable again: in a double backprop the gradients are built
    from differentiable nodes (the batch statistics as functions of ``x``); an ordinary
    backward stays on arrays.

    Attributes:
        running_mean, running_var: The running averages given as ``mean``/``var``.
    """

    _differentiable_backward = True

    def __init__(self, eps=2e-5, mean=None, var=None, train=False, decay=0.9,
                 use_cudnn=None, axis=None):
        if (mean is None) != (var is None):
            raise ValueError('running_mean and running_var must be both given or both '
                             'None')
        _channel_params.check_eps_decay(eps, decay)
        self.eps = eps
        self.running_mean = mean
        self.running_var = var
        self.decay = decay
        self.use_cudnn = use_cudnn
        self.train = train
        self.axis = axis
        self._fixed = None if train else FixedBatchNormalization(eps, use_cudnn, axis)

    def check_type_forward(self, in_types):
        if self._fixed is not None:
            return self._fixed.check_type_forward(in_types)
        type_check.expect(in_types.size() == 3)
        x_type, gamma_type, beta_type = in_types
        _channel_params.expect_channel_params(x_type, (gamma_type, beta_type), self.axis)
        for name in ('running_mean', 'running_var'):
            stat = getattr(self, name)
            if stat is not None:
                type_check.expect(
                    type_check.make_variable(stat.shape, name + '.shape') ==
                    gamma_type.shape)

    def forward(self, inputs):
        if self._fixed is not None:
            return self._fixed.forward(inputs)
        x, gamma = inputs[:2]
        self._axes = _channel_params.aggregate_axes(x.ndim, gamma.ndim, self.axis)
        # as in v7, ``axis`` holds the aggregated axes once applied (exporters read it)
        self.axis = self._axes
        if x.size == gamma.size:
            warnings.warn(
                'batch_normalization got a batch of one sample per channel: the '
                'variance is zero and the output is beta (x.shape={}, axis={})'.format(
                    x.shape, self._axes), UserWarning, stacklevel=2)
        return super(BatchNormalizationFunction, self).forward(inputs)

    def backward(self, inputs, grad_outputs):
        if self._fixed is not None:
            return self._fixed.backward(inputs, grad_outputs)
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return _bn_graph.batch_stat_grads(inputs[0], inputs[1], grad_outputs[0],
                                              self._axes, self.eps)
        return super(BatchNormalizationFunction, self).backward(inputs, grad_outputs)

    def forward_cpu(self, inputs):
        x, gamma, beta = inputs
        xp = cuda.get_array_module(x)
        axes = self._axes
        view = _channel_params.param_view
        gamma = gamma.astype(x.dtype, copy=False)
        mean = x.mean(axis=axes)
        xc = x - view(mean, x.ndim, axes)
        var = (xc * xc).mean(axis=axes)
        inv_std = 1 / xp.sqrt(var + x.dtype.type(self.eps))
        # Only the per-channel statistics are kept; backward recomputes x_hat from x.
        self._mean, self._inv_std = mean, inv_std
        y = xc
        y *= view(gamma * inv_std, x.ndim, axes)
        y += view(beta.astype(x.dtype, copy=False), x.ndim, axes)
        if self.running_mean is not None:
            self._update_running_stats(mean, var, x.size // gamma.size)
        return y,

    def _update_running_stats(self, mean, var, m):
        _channel_params.update_running_stats(self.running_mean, self.running_var,
                                             self.decay, mean, var, m)

    def backward_cpu(self, inputs, grad_outputs):
        x, gamma, _ = inputs
        gy, = grad_outputs
        view = _channel_params.param_view
        axes = self._axes
        acc = _channel_params.sum_dtype(x.dtype)
        m = x.size // gamma.size
        x_hat = (x - view(self._mean, x.ndim, axes)) * view(self._inv_std, x.ndim, axes)
        gbeta = gy.sum(axis=axes, dtype=acc)
        ggamma = (gy * x_hat).sum(axis=axes, dtype=acc)
        # gx = gamma / std * (gy - x_hat * ggamma / m - gbeta / m); the per-channel
        # means are formed in the accumulation dtype (m may not fit in float16).
        gx = x_hat
        gx *= view((ggamma / m).astype(x.dtype, copy=False), x.ndim, axes)
        gx += view((gbeta / m).astype(x.dtype, copy=False), x.ndim, axes)
        gx -= gy
        gx *= view(-gamma.astype(x.dtype, copy=False) * self._inv_std, x.ndim, axes)
        return (gx, ggamma.astype(gamma.dtype, copy=False),
                gbeta.astype(gamma.dtype, copy=False))

    def forward_gpu(self, inputs):
        x, gamma, beta = inputs
        axes = self._axes
        self._cudnn = (_cudnn.enabled(self.use_cudnn) and
                       _channel_params.cudnn_layout(x, gamma, self.eps, axes))
        if self._cudnn:
            return self._forward_cudnn(x, gamma, beta),
        # Statistics by CuPy reductions, then one fused kernel writes x_hat and y; x_hat
        # is kept (the GPU trades that memory for a pass over x in the backward).
        xp = cuda.get_array_module(x)
        view = _channel_params.param_view
        gamma, beta = gamma.astype(x.dtype, copy=False), beta.astype(x.dtype, copy=False)
        mean = x.mean(axis=axes)
        var = x.var(axis=axes)
        inv_std = 1 / xp.sqrt(var + x.dtype.type(self.eps))
        self._inv_std = inv_std
        self._x_hat, y = cuda.kernel('batch_norm_fwd')(
            x, view(mean, x.ndim, axes), view(inv_std, x.ndim, axes),
            view(gamma, x.ndim, axes), view(beta, x.ndim, axes))
        if self.running_mean is not None:
            self._update_running_stats(mean, var, x.size // gamma.size)
        return y,

    def _forward_cudnn(self, x, gamma, beta):
        xp = cuda.get_array_module(x)
        # cuDNN always updates running averages: scratch ones when none are kept.
        running_mean = self.running_mean
        running_var = self.running_var
        if running_mean is None:
            running_mean, running_var = xp.zeros_like(gamma), xp.ones_like(gamma)
        y, self._mean, self._inv_std = cuda.kernel(
            'cudnn_batch_normalization_forward_training')(
                xp.ascontiguousarray(x), gamma, beta, running_mean, running_var,
                self.eps, self.decay)
        return y

    def backward_gpu(self, inputs, grad_outputs):
        x, gamma, _ = inputs
        gy, = grad_outputs
        if self._cudnn:
            xp = cuda.get_array_module(x)
            return cuda.kernel('cudnn_batch_normalization_backward')(
                xp.ascontiguousarray(x), gamma, xp.ascontiguousarray(gy), self._mean,
                self._inv_std, self.eps)
        view = _channel_params.param_view
        axes = self._axes
        acc = _channel_params.sum_dtype(x.dtype)
        m = x.size // gamma.size
        x_hat = self._x_hat
        gbeta = gy.sum(axis=axes, dtype=acc)
        ggamma = (gy * x_hat).sum(axis=axes, dtype=acc)
        # The kernel gets ggamma / m and gbeta / m with inv_m = 1: the per-channel means,
        # formed in the accumulation dtype, fit float16 where the sums may not.
        gx = cuda.kernel('batch_norm_bwd')(
            gy, x_hat, view(gamma.astype(x.dtype, copy=False), x.ndim, axes),
            view(self._inv_std, x.ndim, axes),
            view((ggamma / m).astype(x.dtype), x.ndim, axes),
            view((gbeta / m).astype(x.dtype), x.ndim, axes), x.dtype.type(1))
        return (gx, ggamma.astype(gamma.dtype, copy=False),
                gbeta.astype(gamma.dtype, copy=False))


def batch_normalization(x, gamma, beta, eps=2e-05, running_mean=None, running_var=None,
                        decay=0.9, use_cudnn=None, axis=None):
    """Batch normalization function.

    ``x`` has the batch size and the channels as its first dimensions: ``gamma`` and
    ``beta`` (shape ``x.shape[1:1 + gamma.ndim]``) cover the channels, and the
    statistics are taken over the batch axis and the remaining (spatial) axes, which
    count as part of the batch (``axis``, v5+, names the aggregated axes instead):

    .. math::
        \\mu = \\frac{1}{m}\\sum x, \\quad \\sigma^2 = \\frac{1}{m}\\sum (x - \\mu)^2,
        \\quad y = \\gamma \\frac{x - \\mu}{\\sqrt{\\sigma^2 + \\epsilon}} + \\beta.

    When ``running_mean`` and ``running_var`` are given they are updated in place:
    ``running_mean = decay * running_mean + (1 - decay) * mu`` and the same for the
    variance, with the unbiased ``m / (m - 1) * sigma^2``. The parameters may have
    another float dtype than ``x`` (v5+): the output has ``x``'s dtype. A batch of one
    sample per channel warns (its variance is zero). Differentiable twice.

    Args:
        x (~chainer.Variable or array): The input variable, ``ndim >= 2``.
        gamma (~chainer.Variable or array): The scaling parameter.
        beta (~chainer.Variable or array): The shifting parameter.
        eps (float): Epsilon value for numerical stability.
        running_mean (array): The running average of the mean, or None (then
            ``running_var`` must be None too).
        running_var (array): The running average of the variance, or None.
        decay (float): Decay rate of the running averages.
        use_cudnn (bool or None): On the GPU, use cuDNN when it is enabled (see
            :class:`BatchNormalizationFunction`).
        axis (None, int or tuple of ints): The axes of ``x`` to aggregate the
            statistics over (v5+); ``gamma`` has the shape of the remaining axes.
            None: the batch axis and the axes after ``gamma.ndim + 1``.

    Returns:
        ~chainer.Variable: The normalized output, of the shape of ``x``.
    """
    return BatchNormalization(eps, running_mean, running_var, True, decay,
                              use_cudnn, axis)(x, gamma, beta)


class BatchNormalization(BatchNormalizationFunction):
    """The function :func:`batch_normalization` applies, under its v2-v7 class name.

    The same function as :class:`BatchNormalizationFunction` (v1's name, which it
    subclasses); code that looks functions up by class name, such as graph exporters
    written for Chainer v7, finds it as ``BatchNormalization``.
    """

