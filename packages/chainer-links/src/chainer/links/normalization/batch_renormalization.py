"""The batch renormalization layer ``L.BatchRenormalization``."""

from chainer import configuration
from chainer.functions.normalization import batch_renormalization
from chainer.links.normalization import batch_normalization


class BatchRenormalization(batch_normalization.BatchNormalization):
    """Batch renormalization layer (Ioffe, 2017, https://arxiv.org/abs/1702.03275).

    A :class:`BatchNormalization` whose training mode corrects the batch statistics
    toward the population ones (:func:`chainer.functions.batch_renormalization`), so
    that the outputs depend on each example rather than on the whole mini-batch. The
    testing mode normalizes by the population statistics, as batch normalization does.

    Args:
        size (int or tuple of ints): Size (or shape) of the channel dimensions.
        rmax (float): Upper bound of the scale correction ``r``.
        dmax (float): Upper bound of the shift correction ``|d|``.
        decay (float): Decay rate of the moving average.
        eps (float): Epsilon added to the variances for numerical stability.
        dtype (numpy.dtype): Type of the parameters and statistics (None:
            ``chainer.config.dtype``, float32 unless configured and under
            ``chainer.mixed16``).
        use_gamma (bool): If False, the scale is fixed to 1.
        use_beta (bool): If False, the shift is fixed to 0.
        initial_gamma: Initializer (or value) of ``gamma`` (None: 1).
        initial_beta: Initializer (or value) of ``beta`` (None: 0).
        initial_avg_mean: Initial population mean (None: 0).
        initial_avg_var: Initial population variance (None: 1).

    Attributes:
        rmax, dmax: The bounds of the corrections.
    """

    def __init__(self, size, rmax=1, dmax=0, decay=0.9, eps=2e-5, dtype=None,
                 use_gamma=True, use_beta=True, initial_gamma=None, initial_beta=None,
                 initial_avg_mean=None, initial_avg_var=None):
        super(BatchRenormalization, self).__init__(
            size, decay, eps, dtype, use_gamma, use_beta, initial_gamma, initial_beta)
        # The population variance starts at 1, as in Chainer v7.
        self.avg_var[...] = 1 if initial_avg_var is None else initial_avg_var
        if initial_avg_mean is not None:
            self.avg_mean[...] = initial_avg_mean
        self.rmax = rmax
        self.dmax = dmax

    def forward(self, x, test=None, finetune=False):
        """Applies batch renormalization (``link(x)`` calls it).

        Args:
            x (~chainer.Variable): An input variable, ``(B, *size, ...)``.
            test (bool or None): Testing mode: normalize with the population
                statistics. None (default): ``not chainer.config.train``.
            finetune (bool): Fine-tuning mode: accumulate the population statistics
                (the ``N``-th batch with decay ``1 - 1/N``).

        Returns:
            ~chainer.Variable: The normalized input.
        """
        if test is None:
            test = not configuration.config.train
        if test:
            return super(BatchRenormalization, self).forward(x, test=True)
        gamma, beta = self._affine_params(x.dtype)
        decay = self._decay(finetune)
        mean, var, update = self.avg_mean, self.avg_var, True
        if configuration.config.in_recomputing:
            # F.forget's second call (v7): the corrections r and d read the
            # statistics before the first call updated them, and they stay as they are.
            mean = getattr(self, '_prev_avg_mean', self.avg_mean)
            var = getattr(self, '_prev_avg_var', self.avg_var)
            update = False
        elif configuration.config._will_recompute:
            self._prev_avg_mean = self.avg_mean.copy()
            self._prev_avg_var = self.avg_var.copy()
        return batch_renormalization.batch_renormalization(
            x, gamma, beta, self.rmax, self.dmax, self.eps, mean, var, decay,
            update_statistics=update)
