"""Batch normalization with given statistics: ``F.fixed_batch_normalization``."""
import numpy

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions import _cudnn
from chainer.functions.normalization import _bn_graph
from chainer.functions.normalization import _channel_params
from chainer.utils import type_check


class FixedBatchNormalization(function.Function):
    """Normalizes with the mean and variance given as inputs (see
    :func:`fixed_batch_normalization`).

    Its backward is differentiable again (a double backprop builds the gradients from
    differentiable nodes; an ordinary backward stays on arrays).

    Args:
        eps (float): Added to the variance for numerical stability.
        use_cudnn (bool or None): See :func:`fixed_batch_normalization`.
        axis (None, int or tuple of ints): The aggregated axes (see
            :func:`fixed_batch_normalization`).
    """

    _differentiable_backward = True

    def __init__(self, eps=2e-5, use_cudnn=None, axis=None):
        _channel_params.check_eps_decay(eps)
        self.eps = eps
        self.use_cudnn = use_cudnn
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 5)
        _channel_params.expect_channel_params(in_types[0], in_types[1:], self.axis)

    def _layout(self, x, gamma):
        self._axes = _channel_params.aggregate_axes(x.ndim, gamma.ndim, self.axis)
        return self._axes

    def forward(self, inputs):
        x, gamma, beta, mean, var = inputs
        xp = cuda.get_array_module(x)
        if xp is not numpy:
            return self.forward_gpu(inputs)
        axes = self._layout(x, gamma)
        gamma, beta, mean, var = [p.astype(x.dtype, copy=False) for p in inputs[1:]]
        view = _channel_params.param_view
        self._inv_std = 1 / xp.sqrt(var + x.dtype.type(self.eps))
        y = x - view(mean, x.ndim, axes)
        y *= view(gamma * self._inv_std, x.ndim, axes)
        y += view(beta, x.ndim, axes)
        return y,

    def forward_gpu(self, inputs):
        # The backward is array-generic and reads only inv_std from the forward.
        x = inputs[0]
        axes = self._layout(x, inputs[1])
        gamma, beta, mean, var = [p.astype(x.dtype, copy=False) for p in inputs[1:]]
        xp = cuda.get_array_module(x)
        self._inv_std = 1 / xp.sqrt(var + x.dtype.type(self.eps))
        if _cudnn.enabled(self.use_cudnn) and _channel_params.cudnn_layout(
                x, gamma, self.eps, axes):
            return cuda.kernel('cudnn_batch_normalization_forward_inference')(
                xp.ascontiguousarray(x), gamma, beta, mean, var, self.eps),
        view = _channel_params.param_view
        return cuda.kernel('batch_norm_inference')(
            x, view(mean, x.ndim, axes), view(var, x.ndim, axes),
            view(gamma, x.ndim, axes), view(beta, x.ndim, axes),
            x.dtype.type(self.eps)),

    def backward(self, inputs, grad_outputs):
        x, gamma, _, mean, var = inputs
        gy, = grad_outputs
        if isinstance(gy, variable.Variable):  # a double backprop
            return _bn_graph.fixed_stat_grads(x, gamma, mean, var, gy, self._axes,
                                              self.eps)
        axes = self._axes
        view = _channel_params.param_view
        inv_std = self._inv_std
        x_hat = (x - view(mean.astype(x.dtype, copy=False), x.ndim, axes)) * \
            view(inv_std, x.ndim, axes)
        acc = _channel_params.sum_dtype(x.dtype)
        gbeta = gy.sum(axis=axes, dtype=acc).astype(x.dtype, copy=False)
        ggamma = (gy * x_hat).sum(axis=axes, dtype=acc).astype(x.dtype, copy=False)
        scale = gamma.astype(x.dtype, copy=False) * inv_std
        gx = gy * view(scale, x.ndim, axes)
        # y = gamma (x - mean) (var + eps)^(-1/2) + beta
        gmean = -scale * gbeta
        gvar = ggamma * scale * inv_std * x.dtype.type(-0.5)
        pd = gamma.dtype
        return (gx,) + tuple(g.astype(pd, copy=False)
                             for g in (ggamma, gbeta, gmean, gvar))


def fixed_batch_normalization(x, gamma, beta, mean, var, eps=2e-05, use_cudnn=None,
                              axis=None):
    """Batch normalization function with fixed statistics.

    The variant of :func:`batch_normalization` used for inference, where the mean and
    the variance are given by the caller (typically the running averages):

    .. math:: y = \\gamma \\frac{x - mean}{\\sqrt{var + \\epsilon}} + \\beta

    with the parameters over the channel axes (``x.shape[1:1 + gamma.ndim]``, or the
    axes not named by ``axis``). It is differentiable with respect to all five inputs,
    twice. The parameters may have another float dtype than ``x`` (v5+): the output has
    ``x``'s dtype and each parameter's gradient its own.

    Args:
        x (~chainer.Variable or array): The input variable.
        gamma (~chainer.Variable or array): The scaling parameter.
        beta (~chainer.Variable or array): The shifting parameter.
        mean (~chainer.Variable or array): The shifting parameter of the input.
        var (~chainer.Variable or array): The square of the scaling parameter of the
            input.
        eps (float): Epsilon value for numerical stability.
        use_cudnn (bool or None): On the GPU, use cuDNN when it is enabled and the layout is
            one cuDNN computes; otherwise the library's ``batch_norm_inference`` kernel
            runs. The backward is array-generic.
        axis (None, int or tuple of ints): The axes of ``x`` the statistics were
            aggregated over (v5+); the parameters have the shape of the other axes.
            None: the batch axis and the axes after ``gamma.ndim + 1``.

    Returns:
        ~chainer.Variable: The normalized output, of the shape of ``x``.
    """
    return FixedBatchNormalization(eps, use_cudnn, axis)(x, gamma, beta, mean, var)
