"""Decorrelated batch normalization: ``F.decorrelated_batch_normalization`` and
``F.fixed_decorrelated_batch_normalization`` (v5+; Huang et al., 2018,
https://arxiv.org/abs/1804.08450)."""
import numpy

from chainer import cuda
from chainer.functions import _grad_nodes
from chainer.functions.normalization import _bn_graph
from chainer.functions.normalization import _matrix_roots
from chainer.utils import type_check


def _check(x, groups):
    if isinstance(groups, bool) or not isinstance(groups, (int, numpy.integer)) or \
            groups <= 0:
        raise TypeError('groups must be a positive int, got {!r}'.format(groups))
    if x.dtype.kind != 'f' or x.ndim < 2 or x.shape[1] % groups:
        raise type_check.InvalidType(
            'float x of shape (N, C, ...) with C divisible by groups',
            'x: {} {}, groups={}'.format(x.dtype, x.shape, groups))


def _to_groups(x, groups):
    """``x (N, C, ...)`` as ``(groups, C / groups, m)`` with ``m = N * prod(...)``."""
    import chainer.functions as F
    axes = (1, 0) + tuple(range(2, x.ndim))
    xt = F.transpose(x, axes)
    return F.reshape(xt, (groups, x.shape[1] // groups, x.size // x.shape[1]))


def _from_groups(y, x_shape):
    import chainer.functions as F
    ndim = len(x_shape)
    yt = F.reshape(y, (x_shape[1], x_shape[0]) + tuple(x_shape[2:]))
    return F.transpose(yt, (1, 0) + tuple(range(2, ndim)))


def decorrelated_batch_normalization(x, groups=16, eps=2e-5, running_mean=None,
                                     running_projection=None, decay=0.9):
    """Decorrelated batch normalization function (ZCA whitening per channel group).

    The channels (axis 1) are split into ``groups`` groups of ``C`` channels; for
    each group the batch and the trailing axes give ``m`` samples, centred by their
    mean and multiplied by ``Sigma^(-1/2)``, the inverse square root of their
    covariance ``Sigma = x_c x_c^T / m + eps I``: the output of each group has zero
    mean and identity covariance. Differentiable to any order (the derivatives of
    the matrix root are solves of a Sylvester equation, themselves differentiable).

    Args:
        x (~chainer.Variable or array): Input ``(N, groups * C, ...)``.
        groups (int): Number of channel groups.
        eps (float): Added to the covariance's diagonal.
        running_mean (array or None): ``(groups, C)``, updated in place:
            ``decay * running_mean + (1 - decay) * mean``.
        running_projection (array or None): ``(groups, C, C)``, updated in place with
            the unbiased ``m / (m - 1)`` times the batch projection.
        decay (float): Decay rate of the running averages.

    Returns:
        ~chainer.Variable: The output, of the shape and dtype of ``x``.

    Raises:
        TypeError: for a bad ``groups``.
        ~chainer.utils.type_check.InvalidType: when the channels do not split into
            ``groups`` or ``x`` is not a float array of 2 or more dimensions.
    """
    x = _grad_nodes.as_variable(x)
    _check(x, groups)
    xp = cuda.get_array_module(x.data)
    xg = _to_groups(x, groups)
    c, m = xg.shape[1:]
    eye = xp.eye(c, dtype=x.dtype) * x.dtype.type(eps)
    means, outs, projections = [], [], []
    for i in range(groups):
        xi = xg[i]
        mean = _bn_graph.sum_keep(xi, (c, 1)) * (1.0 / m)
        xc = xi - mean
        cov = (xc @ xc.T) * (1.0 / m) + eye
        proj, = _matrix_roots.InvSqrt().apply((cov,))
        outs.append(proj @ xc)
        means.append(mean.data[:, 0])
        projections.append(proj.data)
    if running_mean is not None:
        running_mean *= decay
        running_mean += ((1 - decay) * xp.stack(means)).astype(running_mean.dtype)
    if running_projection is not None:
        adjust = m / max(m - 1.0, 1.0)
        running_projection *= decay
        running_projection += ((1 - decay) * adjust * xp.stack(projections)).astype(
            running_projection.dtype)
    import chainer.functions as F
    return _from_groups(F.stack(outs), x.shape)


def fixed_decorrelated_batch_normalization(x, mean, projection, groups=16):
    """Decorrelated batch normalization with given statistics (for testing).

    Each group of channels is centred by ``mean`` and multiplied by ``projection``
    (see :func:`decorrelated_batch_normalization`). Differentiable to any order with
    respect to all three inputs.

    Args:
        x (~chainer.Variable or array): Input ``(N, groups * C, ...)``.
        mean (~chainer.Variable or array): ``(groups, C)``.
        projection (~chainer.Variable or array): ``(groups, C, C)``.
        groups (int): Number of channel groups.

    ``mean`` and ``projection`` may have another float dtype than ``x``.

    Returns:
        ~chainer.Variable: The output, of the shape and dtype of ``x``.

    Raises:
        TypeError: for a bad ``groups``.
        ~chainer.utils.type_check.InvalidType: for inputs of bad dtypes or shapes.
    """
    import chainer.functions as F
    x = _grad_nodes.as_variable(x)
    mean, projection = _grad_nodes.as_variable(mean), _grad_nodes.as_variable(projection)
    _check(x, groups)
    c = x.shape[1] // groups
    if mean.shape != (groups, c) or projection.shape != (groups, c, c) or \
            mean.dtype.kind != 'f' or projection.dtype.kind != 'f':
        raise type_check.InvalidType(
            'float mean (groups, C) and projection (groups, C, C)',
            'x: {} {}, mean: {} {}, projection: {} {}, groups={}'.format(
                x.dtype, x.shape, mean.dtype, mean.shape, projection.dtype,
                projection.shape, groups))
    mean = _grad_nodes.cast(mean, x.dtype)
    projection = _grad_nodes.cast(projection, x.dtype)
    xg = _to_groups(x, groups)
    m = xg.shape[2]
    outs = []
    for i in range(groups):
        xc = xg[i] - F.broadcast_to(F.reshape(mean[i], (c, 1)), (c, m))
        outs.append(projection[i] @ xc)
    return _from_groups(F.stack(outs), x.shape)
