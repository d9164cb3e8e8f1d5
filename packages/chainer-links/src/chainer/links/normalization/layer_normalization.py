"""Layer normalization: ``L.LayerNormalization`` (Ba et al., 2016,
https://arxiv.org/abs/1607.06450), composed of functions."""
import numpy

import chainer.functions as F
from chainer import link
from chainer import utils


class LayerNormalization(link.Chain):
    """Normalizes each sample over its units, then scales and shifts it.

    .. math:: y = \\gamma \\odot \\frac{x - \\mu}{\\sigma + \\epsilon} + \\beta

    with :math:`\\mu` and :math:`\\sigma` the mean and the standard deviation of the
    units of one sample (as in Chainer v1, ``eps`` is added to the deviation, not to
    the variance). An experimental feature in Chainer v1.24, as here.

    Args:
        size (int or None): Number of units; if None, the parameters are created on the
            first call.
        eps (float): Added to the deviation for numerical stability.
        initial_gamma: Initial ``gamma`` (initializer, scalar or array); 1 by default.
        initial_beta: Initial ``beta`` (initializer, scalar or array); 0 by default.

    Attributes:
        gamma (~chainer.Variable): Scaling parameter ``(size,)``.
        beta (~chainer.Variable): Shifting parameter ``(size,)``.
        eps (float): the constant added to the deviation.
    """

    def __init__(self, size=None, eps=1e-6, initial_gamma=None, initial_beta=None):
        super(LayerNormalization, self).__init__()
        utils.experimental('chainer.links.LayerNormalization')
        self.eps = eps
        self._gamma_initializer = 1 if initial_gamma is None else initial_gamma
        self._beta_initializer = 0 if initial_beta is None else initial_beta
        if size is None:
            self.add_uninitialized_param('gamma')
            self.add_uninitialized_param('beta')
        else:
            self._initialize_params(size)

    def _initialize_params(self, size):
        self.add_param('gamma', size, initializer=self._gamma_initializer)
        self.add_param('beta', size, initializer=self._beta_initializer)

    def _normalize(self, x):
        size = x.shape[1]
        mean = F.broadcast_to(F.sum(x, axis=1)[:, None] / size, x.shape)
        centered = x - mean
        deviation = F.sqrt(F.sum(F.square(centered), axis=1) / size)
        return centered / (F.broadcast_to(deviation[:, None], x.shape) + self.eps)

    def __call__(self, x):
        """Applies layer normalization.

        Args:
            x (~chainer.Variable): Batch of vectors ``(batch_size, size)``, e.g. the
                output of :func:`~chainer.functions.linear`.

        Returns:
            ~chainer.Variable: the normalized, scaled and shifted batch.
        """
        if self.gamma is None:
            # (the units of one sample; a batch may be empty)
            self._initialize_params(int(numpy.prod(x.shape[1:])))
        return F.bias(F.scale(self._normalize(x), self.gamma), self.beta)
