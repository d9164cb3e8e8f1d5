"""Axes shared by the batch normalizations: the parameters (gamma, beta, mean, var)
cover the channel axes right after the batch axis; the batch axis and the trailing
(spatial) axes are reduced."""
import numpy

from chainer.utils import type_check


def expect_channel_params(x_type, param_types):
    """Expects a float ``x`` and parameters of its dtype covering ``x.shape[1:1+p]``.

    Args:
        x_type: type info of the input.
        param_types: type infos of the parameters, which must share one shape.
    """
    first = param_types[0]
    type_check.expect(
        x_type.dtype.kind == 'f',
        x_type.ndim >= first.ndim + 1,
    )
    for p in param_types:
        type_check.expect(p.dtype == x_type.dtype, p.shape == first.shape)
    p_ndim = type_check.eval(first.ndim)
    type_check.expect(x_type.shape[1:1 + p_ndim] == first.shape)


def reduced_axes(x_ndim, param_ndim):
    """The axes the statistics are taken over: the batch axis and the trailing ones."""
    return (0,) + tuple(range(param_ndim + 1, x_ndim))


def param_view(param, x_ndim):
    """Reshapes a channel parameter to broadcast against ``x``."""
    return param.reshape((1,) + param.shape + (1,) * (x_ndim - param.ndim - 1))


def sum_dtype(dtype):
    """Accumulation dtype of the per-channel sums: float32 for float16 data (whose
    range a sum over a large batch easily exceeds), the data dtype otherwise."""
    return numpy.promote_types(dtype, numpy.float32)


#: cuDNN's smallest epsilon (CUDNN_BN_MIN_EPSILON).
CUDNN_MIN_EPS = 1e-5


def cudnn_layout(x, gamma, eps):
    """Whether cuDNN's batch normalization computes this one: channel parameters over
    axis 1 only, and an input that is (N, C) (per-activation mode) or (N, C, H, W)
    (spatial mode), and eps within cuDNN's range."""
    return gamma.ndim == 1 and x.ndim in (2, 4) and eps >= CUDNN_MIN_EPS
