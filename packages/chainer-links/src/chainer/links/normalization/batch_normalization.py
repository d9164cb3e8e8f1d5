"""The batch normalization layer ``L.BatchNormalization``."""
import numpy

import chainer
import chainer.functions as F
from chainer import configuration
from chainer import initializers
from chainer import link
from chainer import variable
from chainer.functions.normalization import _channel_params
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
        size (int, tuple of ints or None): Size (or shape) of the channel dimensions.
            None (v5+): inferred from the first input, the axes ``axis`` does not
            name (``axis`` is then required).
        decay (float): Decay rate of the moving average (training mode).
        eps (float): Epsilon added to the variances for numerical stability.
        dtype (numpy.dtype or None): Type of the parameters and statistics. None:
            ``chainer.config.dtype`` (float32 by default); ``chainer.mixed16`` keeps
            them in float32 for float16 inputs.
        use_gamma (bool): If False, the scale is fixed to 1 (``gamma`` is None).
        use_beta (bool): If False, the shift is fixed to 0 (``beta`` is None).
        initial_gamma: Initializer (or scalar/array) of ``gamma`` (None: 1).
        initial_beta: Initializer (or scalar/array) of ``beta`` (None: 0).
        use_cudnn (bool or None): If True, cuDNN is used where available. (Given
            positionally an int or a tuple here is v7's ``axis``.)
        axis (None, int or tuple of ints): The axes of the input the statistics are
            aggregated over (v5+). None: the batch axis and the axes after the
            channel ones.
        initial_avg_mean: Initializer (or scalar/array) of ``avg_mean`` (None: 0).
        initial_avg_var: Initializer (or scalar/array) of ``avg_var`` (None: 1).

    Attributes:
        gamma (~chainer.Variable): Scaling parameter. Without ``use_gamma`` it is no
            attribute (v1), or None when ``axis`` is given or ``size`` is None (v5+).
        beta (~chainer.Variable): Shifting parameter (absent or None likewise).
        avg_mean (array): Population mean (persistent; None until a lazily sized
            link sees its first input).
        avg_var (array): Population variance (persistent), 1 initially (v2+).
        N (int): Count of batches given for fine-tuning (persistent).
        decay (float): Decay rate of the moving average.
        eps (float): Epsilon value for numerical stability.
        axis: The aggregated axes as given (None: the default layout).
    """

    def __init__(self, size=None, decay=0.9, eps=2e-5, dtype=None, use_gamma=True,
                 use_beta=True, initial_gamma=None, initial_beta=None,
                 use_cudnn=None, axis=None, initial_avg_mean=None,
                 initial_avg_var=None):
        super(BatchNormalization, self).__init__()
        if use_cudnn is not None and not isinstance(use_cudnn, bool) and axis is None:
            use_cudnn, axis = None, use_cudnn  # v7's positional axis
        if size is None and axis is None:
            raise RuntimeError('BatchNormalization needs size, or axis to infer the '
                               'size from the first input')
        if size is not None:
            size = _args.shape_tuple(size, 'size')
        if isinstance(decay, bool) or not 0 <= decay <= 1:
            raise ValueError('decay must be in [0, 1], got {!r}'.format(decay))
        if not eps > 0:
            raise ValueError('eps must be positive, got {!r}'.format(eps))
        self._dtype = chainer.get_dtype(dtype, map_mixed16=numpy.float32)
        self._initial_avg_mean = 0 if initial_avg_mean is None else initial_avg_mean
        self._initial_avg_var = 1 if initial_avg_var is None else initial_avg_var
        # An unused gamma/beta is no attribute (v1), or None when v5+'s arguments
        # (axis, a lazy size) tell that the caller is v5+ code.
        v5 = axis is not None or size is None
        with self.init_scope():
            for name, used, initial, default in (('gamma', use_gamma, initial_gamma, 1),
                                                 ('beta', use_beta, initial_beta, 0)):
                if used or v5:
                    setattr(self, name, self._parameter(used, initial, default))
        self.add_persistent('avg_mean', None)
        self.add_persistent('avg_var', None)
        self.add_persistent('N', 0)
        self.decay = decay
        self.eps = eps
        self.axis = axis
        self.use_cudnn = use_cudnn
        if size is not None:
            self._initialize_params(size)

    def _parameter(self, used, initial, default):
        if not used:
            return None
        init = initializers._get_initializer(default if initial is None else initial)
        init.dtype = self._dtype
        return variable.Parameter(init)

    def _initialize_params(self, shape):
        """Gives the parameters and the statistics their shape (on the link's device)."""
        for param in (getattr(self, 'gamma', None), getattr(self, 'beta', None)):
            if param is not None:
                param.initialize(shape)
        device = self.device
        for name, initial in (('avg_mean', self._initial_avg_mean),
                              ('avg_var', self._initial_avg_var)):
            init = initializers._get_initializer(initial)
            array = initializers.generate_array(init, shape, numpy, dtype=self._dtype)
            setattr(self, name, device.send(array))

    def _param_shape(self, x):
        axes = _channel_params.aggregate_axes(x.ndim, 0, self.axis)
        return tuple(n for i, n in enumerate(x.shape) if i not in axes)

    def _affine_params(self, dtype):
        """``(gamma, beta)``: the parameters, or constant 1 and 0 when unused."""
        shape = self.avg_mean.shape
        dtype = self.avg_mean.dtype
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
        if self.avg_mean is None:
            self._initialize_params(self._param_shape(x))
        gamma, beta = self._affine_params(x.dtype)
        if test:
            mean = variable.Variable(self.avg_mean, volatile='auto')
            var = variable.Variable(self.avg_var, volatile='auto')
            return F.fixed_batch_normalization(x, gamma, beta, mean, var, self.eps,
                                               self.use_cudnn, axis=self.axis)
        decay = self._decay(finetune)
        mean, var = self.avg_mean, self.avg_var
        if configuration.config.in_recomputing:
            # F.forget's second call (v7): the statistics took this batch already.
            mean = var = None
        # The function updates avg_mean and avg_var in place.
        return F.batch_normalization(x, gamma, beta, self.eps, mean, var, decay,
                                     self.use_cudnn, axis=self.axis)

    def _decay(self, finetune):
        """The decay of the running statistics in training; fine-tuning counts the
        batch in ``N`` (not while F.forget recomputes, ``config.in_recomputing``)."""
        if not finetune:
            return self.decay
        if not configuration.config.in_recomputing:
            self.N += 1
        return 1.0 - 1.0 / max(self.N, 1)

    def start_finetuning(self):
        """Resets the population count for collecting population statistics.

        Call it before starting the fine-tuning mode again (it may be skipped the
        first time).
        """
        self.N = 0
