"""Axes shared by the batch normalizations. The parameters (gamma, beta, mean, var)
cover the axes of the input that are not aggregated; by default (Chainer v1) those are
the axes right after the batch axis, and the batch axis and the trailing (spatial) axes
are aggregated. ``axis=`` (v5+) names the aggregated axes instead. Also the checks of
the hyperparameters they share (``eps``, ``decay``)."""
import numbers

import numpy

from chainer.utils import type_check


def aggregate_axes(x_ndim, param_ndim, axis=None):
    """The axes the statistics are taken over, as a sorted tuple.

    Args:
        x_ndim (int): Number of dimensions of the input.
        param_ndim (int): Number of dimensions of the parameters.
        axis (None, int or tuple of ints): The aggregated axes as given by the caller;
            None: the batch axis and the axes after the parameters' ones.

    Returns:
        tuple of ints: Non-negative axes in increasing order.
    """
    if axis is None:
        return (0,) + tuple(range(param_ndim + 1, x_ndim))
    if isinstance(axis, (int, numpy.integer)):
        axis = (axis,)
    return tuple(sorted(int(a) % x_ndim if x_ndim else int(a) for a in axis))


def reduced_axes(x_ndim, param_ndim):
    """The default aggregated axes: the batch axis and the trailing ones."""
    return aggregate_axes(x_ndim, param_ndim)


def keep_shape(x_shape, axes):
    """``x_shape`` with the aggregated ``axes`` set to 1 (the statistics' shape with
    ``keepdims=True``)."""
    return tuple(1 if i in axes else n for i, n in enumerate(x_shape))


def param_view(param, x_ndim, axes=None):
    """Reshapes a channel parameter to broadcast against ``x``.

    Args:
        param: the parameter array.
        x_ndim (int): Number of dimensions of the input.
        axes (tuple or None): The aggregated axes (None: the default layout).
    """
    if axes is None:
        return param.reshape((1,) + param.shape + (1,) * (x_ndim - param.ndim - 1))
    dims = iter(param.shape)
    return param.reshape(tuple(1 if i in axes else next(dims) for i in range(x_ndim)))


def expect_channel_params(x_type, param_types, axis=None):
    """Expects a float ``x`` and float parameters of one dtype and one shape covering
    the axes of ``x`` that are not aggregated. The parameters' dtype may differ from
    ``x``'s (v5+: the computation runs in ``x``'s dtype).

    Args:
        x_type: type info of the input.
        param_types: type infos of the parameters, which must share one shape.
        axis: the aggregated axes as the caller gave them (None: the default layout).
    """
    first = param_types[0]
    type_check.expect(x_type.dtype.kind == 'f', first.dtype.kind == 'f')
    for p in param_types[1:]:
        type_check.expect(p.dtype == first.dtype, p.shape == first.shape)
    if axis is None:
        type_check.expect(x_type.ndim >= first.ndim + 1)
        p_ndim = type_check.eval(first.ndim)
        type_check.expect(x_type.shape[1:1 + p_ndim] == first.shape)
        return
    n_axes = 1 if isinstance(axis, (int, numpy.integer)) else len(axis)
    type_check.expect(x_type.ndim == first.ndim + n_axes)
    x_ndim = type_check.eval(x_type.ndim)
    raw = (axis,) if isinstance(axis, (int, numpy.integer)) else tuple(axis)
    for a in raw:
        type_check.expect(
            type_check.make_variable(a, 'axis') < x_type.ndim,
            type_check.make_variable(a, 'axis') >= -x_type.ndim)
    axes = aggregate_axes(x_ndim, 0, axis)
    kept = [i for i in range(x_ndim) if i not in axes]
    for j, i in enumerate(kept):
        type_check.expect(x_type.shape[i] == first.shape[j])


def sum_dtype(dtype):
    """Accumulation dtype of the per-channel sums: float32 for float16 data (whose
    range a sum over a large batch easily exceeds), the data dtype otherwise."""
    return numpy.promote_types(dtype, numpy.float32)


def update_running_stats(running_mean, running_var, decay, mean, var, m):
    """Moves the running statistics towards a batch's, in place, each array in its own
    dtype (which may differ from the data's): ``running <- decay * running + (1 - decay)
    * batch``, the variance made unbiased first (times ``m / (m - 1)``, ``m`` the number
    of values per channel)."""
    running_mean *= decay
    running_mean += ((1 - decay) * mean).astype(running_mean.dtype)
    running_var *= decay
    running_var += ((1 - decay) * (m / max(m - 1, 1)) * var).astype(running_var.dtype)


#: cuDNN's smallest epsilon (CUDNN_BN_MIN_EPSILON).
CUDNN_MIN_EPS = 1e-5


def cudnn_layout(x, gamma, eps, axes=None):
    """Whether cuDNN's batch normalization computes this one: channel parameters over
    axis 1 only, of ``x``'s dtype, an input that is (N, C) (per-activation mode) or
    (N, C, H, W) (spatial mode), and eps within cuDNN's range."""
    return (gamma.ndim == 1 and x.ndim in (2, 4) and eps >= CUDNN_MIN_EPS and
            gamma.dtype == x.dtype and
            (axes is None or tuple(axes) == reduced_axes(x.ndim, 1)))


def check_eps_decay(eps, decay=None):
    """Refuses a non-positive ``eps`` and, unless None, a ``decay`` that is not a real
    number in [0, 1] (a bool is refused).

    Raises:
        ValueError: for a bad ``eps`` or ``decay``.
    """
    if decay is not None and (isinstance(decay, bool) or
                              not isinstance(decay, numbers.Real) or not 0 <= decay <= 1):
        raise ValueError('decay must be a float in [0, 1], got {!r}'.format(decay))
    if not eps > 0:
        raise ValueError('eps must be positive, got {}'.format(eps))
