"""The batch normalization layer ``L.BatchNormalization``."""
import numpy

import chainer.functions as F
from chainer import configuration
from chainer import link
from chainer import variable
from chainer.links import _args


class BatchNormalization(link.Link):
    """Batch normalization layer on outputs of linear or convolution functions.

    Wraps :func:`chainer.functions.batch_normalization` and
    :func:`chainer.functions.fixed_batch_normalization`. Three modes:

    - training (default): normalizes by the batch statistics and updates the
      population estimates ``avg_mean``/``avg_var`` by a moving average with
      ``decay``;
    - fine-tuning (``finetune=True``): normalizes by the batch statistics and
      accumulates the exact population statistics: the ``N``-th batch is averaged in
      with decay ``1 - 1/N``;
    - testing (``test=True``): normalizes by ``avg_mean``/``avg_var``.

    Args:
        size (int or tuple of ints): Size (or shape) of the channel dimensions.
        decay (float): Decay rate of the moving average (training mode).
        eps (float): Epsilon added to the variances for numerical stability.
        dtype (numpy.dtype): Type of the parameters and statistics.
        use_gamma (bool): If False, the scale is fixed to 1 (no ``gamma``).
        use_beta (bool): If False, the shift is fixed to 0 (no ``beta``).
        initial_gamma: Initializer (or scalar/array) of ``gamma`` (None: 1).
        initial_beta: Initializer (or scalar/array) of ``beta`` (None: 0).
        use_cudnn (bool or None): If True, cuDNN is used where available.

    Attributes:
        gamma (~chainer.Variable): Scaling parameter.
        beta (~chainer.Variable): Shifting parameter.
        avg_mean (array): Population mean (persistent).
        avg_var (array): Population variance (persistent).
        N (int): Count of batches given for fine-tuning (persistent).
        decay (float): Decay rate of the moving average.
        eps (float): Epsilon value for numerical stability.
    """

    def __init__(self, size, decay=0.9, eps=2e-5, dtype=numpy.float32, use_gamma=True,
                 use_beta=True, initial_gamma=None, initial_beta=None,
                 use_cudnn=None):
        super(BatchNormalization, self).__init__()
        size = _args.shape_tuple(size, 'size')
        if isinstance(decay, bool) or not 0 <= decay <= 1:
            raise ValueError('decay must be in [0, 1], got {!r}'.format(decay))
        if not eps > 0:
            raise ValueError('eps must be positive, got {!r}'.format(eps))
        if use_gamma:
            self.add_param('gamma', size, dtype=dtype,
                           initializer=1 if initial_gamma is None else initial_gamma)
        if use_beta:
            self.add_param('beta', size, dtype=dtype,
                           initializer=0 if initial_beta is None else initial_beta)
        self.add_persistent('avg_mean', numpy.zeros(size, dtype=dtype))
        self.add_persistent('avg_var', numpy.zeros(size, dtype=dtype))
        self.add_persistent('N', 0)
        self.decay = decay
        self.eps = eps
        self.use_cudnn = use_cudnn

    def _affine_params(self, dtype):
        """``(gamma, beta)``: the parameters, or constant 1 and 0 when unused."""
        shape = self.avg_mean.shape
        gamma = getattr(self, 'gamma', None)
        if gamma is None:
            gamma = variable.Variable(self.xp.ones(shape, dtype=dtype), volatile='auto')
        beta = getattr(self, 'beta', None)
        if beta is None:
            beta = variable.Variable(self.xp.zeros(shape, dtype=dtype), volatile='auto')
        return gamma, beta

    def __call__(self, x, test=None, finetune=False):
        """Applies :meth:`forward` (around the link hooks in effect).

        Args:
            x (~chainer.Variable): An input variable.
            test (bool or None): see :meth:`forward`.
            finetune (bool): see :meth:`forward`.

        Returns:
            ~chainer.Variable: The normalized input.
        """
        return link.Link.__call__(self, x, test=test, finetune=finetune)

    def forward(self, x, test=None, finetune=False):
        """Invokes the forward propagation of BatchNormalization (``link(x)`` calls it).

        The mode is testing when ``test`` is True (Chainer v1's argument), or when
        ``test`` is not given and ``chainer.config.train`` is False (v2 and later).

        Args:
            x (~chainer.Variable): An input variable, ``(B, *size, ...)``.
            test (bool or None): Testing mode: normalize with the population
                statistics. None (default): ``not chainer.config.train``.
            finetune (bool): Fine-tuning mode: accumulate the population statistics
                while normalizing with the batch statistics.

        Returns:
            ~chainer.Variable: The normalized input.
        """
        if test is None:
            test = not configuration.config.train
        gamma, beta = self._affine_params(x.dtype)
        if test:
            mean = variable.Variable(self.avg_mean, volatile='auto')
            var = variable.Variable(self.avg_var, volatile='auto')
            return F.fixed_batch_normalization(x, gamma, beta, mean, var, self.eps,
                                               self.use_cudnn)
        if finetune:
            self.N += 1
            decay = 1.0 - 1.0 / self.N
        else:
            decay = self.decay
        # The function updates avg_mean and avg_var in place.
        return F.batch_normalization(x, gamma, beta, self.eps, self.avg_mean,
                                     self.avg_var, decay, self.use_cudnn)

    def start_finetuning(self):
        """Resets the population count for collecting population statistics.

        Call it before starting the fine-tuning mode again (it may be skipped the
        first time).
        """
        self.N = 0
