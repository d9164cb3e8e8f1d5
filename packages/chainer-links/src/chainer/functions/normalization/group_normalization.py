"""Group normalization: ``F.group_normalization`` (Wu and He, 2018,
https://arxiv.org/abs/1803.08494)."""
import warnings

import numpy

from chainer import cuda
from chainer.functions import _grad_nodes
from chainer.functions.normalization import batch_normalization as _bn
from chainer.utils import type_check


def _check(x, groups, gamma, beta):
    if x.dtype.kind != 'f' or gamma.dtype.kind != 'f' or gamma.dtype != beta.dtype:
        raise type_check.InvalidType(
            'float x, and float gamma and beta of one dtype',
            'x.dtype={}, gamma.dtype={}, beta.dtype={}'.format(
                x.dtype, gamma.dtype, beta.dtype))
    if x.ndim < 2:
        raise type_check.InvalidType('x.ndim >= 2', 'x.ndim={}'.format(x.ndim))
    channels = x.shape[1]
    if isinstance(groups, bool) or not isinstance(groups, (int, numpy.integer)):
        raise TypeError('groups must be an int, got {!r}'.format(groups))
    if groups <= 0 or channels % groups:
        raise ValueError('groups must be a positive divisor of the channels '
                         'x.shape[1]; got groups={}, x.shape={}'.format(groups, x.shape))
    if gamma.shape != (channels,) or beta.shape != (channels,):
        raise type_check.InvalidType(
            'gamma.shape == beta.shape == (x.shape[1],)',
            'gamma.shape={}, beta.shape={}, x.shape={}'.format(
                gamma.shape, beta.shape, x.shape))


def group_normalization(x, groups, gamma, beta, eps=1e-5):
    """Group normalization function.

    The channels (axis 1) of each sample are split into ``groups`` groups of
    consecutive channels; each group (with all the trailing axes) is normalized by
    its own mean and variance, then every channel is scaled and shifted:

    .. math:: y = \\gamma_c \\frac{x - \\mu_{n,g}}{\\sqrt{\\sigma^2_{n,g} + \\epsilon}}
        + \\beta_c

    The statistics do not depend on the other samples of the batch. It is built from
    :func:`batch_normalization` over the groups, so it is differentiable twice.

    Args:
        x (~chainer.Variable or array): Input of shape ``(N, C, ...)``.
        groups (int): The number of groups; it must divide ``C``.
        gamma (~chainer.Variable or array): The scaling parameter, shape ``(C,)``.
        beta (~chainer.Variable or array): The shifting parameter, shape ``(C,)``.
        eps (float): Added to the variances for numerical stability.

    Raises:
        TypeError: when ``groups`` is not an int.
        ValueError: when ``groups`` does not divide the channels.
        ~chainer.utils.type_check.InvalidType: for inputs of bad dtypes or shapes.

    Returns:
        ~chainer.Variable: The normalized output, of the shape and dtype of ``x``
        (``gamma`` and ``beta`` may have another float dtype).
    """
    x = _grad_nodes.as_variable(x)
    gamma, beta = _grad_nodes.as_variable(gamma), _grad_nodes.as_variable(beta)
    _check(x, groups, gamma, beta)
    n, channels = x.shape[:2]
    rows = n * groups
    xp = cuda.get_array_module(x.data)
    ones = xp.ones(rows, dtype=x.dtype)
    zeros = xp.zeros(rows, dtype=x.dtype)
    # one "channel" per (sample, group); the statistics are taken over axis 2 only
    x_rows = _grad_nodes.reshape(x, (1, rows, x.size // rows))
    with _quiet_one_sample():
        x_hat = _bn.batch_normalization(x_rows, ones, zeros, eps=eps, axis=(0, 2))
    x_hat = _grad_nodes.reshape(x_hat, x.shape)
    view = (1, channels) + (1,) * (x.ndim - 2)
    g = _grad_nodes.reshape(_grad_nodes.cast(gamma, x.dtype), view)
    b = _grad_nodes.reshape(_grad_nodes.cast(beta, x.dtype), view)
    return x_hat * g + b


class _quiet_one_sample(object):
    """Silences the one-sample warning of batch_normalization: a group of one element
    is legitimate here (its output is beta)."""

    def __enter__(self):
        self._ctx = warnings.catch_warnings()
        self._ctx.__enter__()
        warnings.filterwarnings('ignore', 'batch_normalization got a batch of one')

    def __exit__(self, *exc):
        return self._ctx.__exit__(*exc)
