"""The group normalization layer ``L.GroupNormalization``."""
import numpy

import chainer
from chainer import initializers
from chainer import link
from chainer import variable
from chainer.functions.normalization import group_normalization as _gn


class GroupNormalization(link.Link):
    """Group normalization layer on outputs of convolution functions (v5+).

    Wraps :func:`chainer.functions.group_normalization`: the channels of each sample
    are normalized in ``groups`` groups, then scaled by ``gamma`` and shifted by
    ``beta`` per channel. It behaves the same in training and in testing.

    Args:
        groups (int): The number of channel groups; it must divide the channels.
        size (int or None): The number of channels; None: taken from the first
            input's ``x.shape[1]``.
        eps (float): Added to the variances for numerical stability.
        initial_gamma: Initializer (or scalar/array) of ``gamma`` (None: 1).
        initial_beta: Initializer (or scalar/array) of ``beta`` (None: 0).

    The parameters take ``chainer.config.dtype`` (float32 under ``mixed16``).

    Attributes:
        groups (int): The number of groups.
        gamma (~chainer.Parameter): Scaling parameter, shape ``(size,)``.
        beta (~chainer.Parameter): Shifting parameter, shape ``(size,)``.
        eps (float): Epsilon value for numerical stability.
    """

    def __init__(self, groups, size=None, eps=1e-5, initial_gamma=None,
                 initial_beta=None):
        super(GroupNormalization, self).__init__()
        dtype = chainer.get_dtype(None, map_mixed16=numpy.float32)
        with self.init_scope():
            self.gamma = self._parameter(initial_gamma, 1, dtype)
            self.beta = self._parameter(initial_beta, 0, dtype)
        self.groups = groups
        self.eps = eps
        if size is not None:
            self._initialize_params(size)

    @staticmethod
    def _parameter(initial, default, dtype):
        init = initializers._get_initializer(default if initial is None else initial)
        init.dtype = dtype
        return variable.Parameter(init)

    def _initialize_params(self, size):
        self.gamma.initialize(size)
        self.beta.initialize(size)

    def forward(self, x):
        """Normalizes ``x`` (``link(x)`` calls it).

        Args:
            x (~chainer.Variable or array): Input of shape ``(N, C, ...)``.

        Returns:
            ~chainer.Variable: The output, of the shape and dtype of ``x``.

        Raises:
            ValueError: when the link is sized lazily and ``x`` has fewer than two
                dimensions.
        """
        if self.gamma.array is None:
            if x.ndim < 2:
                raise ValueError('GroupNormalization needs an input of at least 2 '
                                 'dimensions (batch, channels, ...), got shape '
                                 '{}'.format(x.shape))
            self._initialize_params(x.shape[1])
        return _gn.group_normalization(x, self.groups, self.gamma, self.beta, self.eps)
