"""The decorrelated batch normalization layer ``L.DecorrelatedBatchNormalization``."""
import warnings

import numpy

from chainer import configuration
from chainer import cuda
from chainer import link
from chainer import serializer as serializer_module
from chainer.functions.normalization import decorrelated_batch_normalization as _dbn


class DecorrelatedBatchNormalization(link.Link):
    """Decorrelated batch normalization layer (v5+).

    Wraps :func:`chainer.functions.decorrelated_batch_normalization` in training
    (``chainer.config.train``), keeping running averages of the mean and the
    whitening projection, and
    :func:`chainer.functions.fixed_decorrelated_batch_normalization` with them in
    testing.

    Args:
        size (int): Number of channels; ``groups`` must divide it.
        groups (int): Number of channel groups whitened separately.
        decay (float): Decay rate of the running averages.
        eps (float): Added to the covariances' diagonals.
        dtype (numpy.dtype): Type of the running statistics.

    Attributes:
        avg_mean (array): Running mean ``(groups, size // groups)`` (persistent).
        avg_projection (array): Running projection ``(groups, C, C)``, the identity
            initially (persistent).
        N (int): Count of batches given for fine-tuning (persistent).
        groups (int), decay (float), eps (float): As given.
    """

    def __init__(self, size, groups=16, decay=0.9, eps=2e-5, dtype=numpy.float32):
        super(DecorrelatedBatchNormalization, self).__init__()
        if size % groups:
            raise ValueError('groups ({}) must divide size ({})'.format(groups, size))
        c = size // groups
        self.add_persistent('avg_mean', numpy.zeros((groups, c), dtype=dtype))
        self.add_persistent('avg_projection', numpy.broadcast_to(
            numpy.eye(c, dtype=dtype), (groups, c, c)).copy())
        self.add_persistent('N', 0)
        self.groups = groups
        self.decay = decay
        self.eps = eps

    def serialize(self, serializer):
        """Saves or loads the statistics. Loading also takes the statistics of
        models saved by Chainer v5 and v6 before 6.x, one ``(C,)`` mean and one
        ``(C, C)`` projection shared by the groups: they are copied to every group
        (with a UserWarning when there are several groups).

        Args:
            serializer (~chainer.AbstractSerializer): serializer or deserializer.
        """
        if isinstance(serializer, serializer_module.Deserializer):
            serializer = _SharedStatistics(serializer, self.groups)
        super(DecorrelatedBatchNormalization, self).serialize(serializer)

    def forward(self, x, finetune=False):
        """Normalizes ``x`` (``link(x)`` calls it).

        Args:
            x (~chainer.Variable or array): Input ``(N, size, ...)``.
            finetune (bool): In training, accumulate the exact population statistics
                (the ``N``-th batch averaged in with decay ``1 - 1/N``).

        Returns:
            ~chainer.Variable: The output, of the shape of ``x``.
        """
        if not configuration.config.train:
            return _dbn.fixed_decorrelated_batch_normalization(
                x, self.avg_mean, self.avg_projection, groups=self.groups)
        recomputing = configuration.config.in_recomputing
        if finetune and not recomputing:
            self.N += 1
        decay = 1.0 - 1.0 / max(self.N, 1) if finetune else self.decay
        mean, projection = self.avg_mean, self.avg_projection
        if recomputing:
            # F.forget's second call (v7): the statistics took this batch already.
            mean = projection = None
        return _dbn.decorrelated_batch_normalization(
            x, groups=self.groups, eps=self.eps, running_mean=mean,
            running_projection=projection, decay=decay)

    def start_finetuning(self):
        """Resets the population count before collecting population statistics."""
        self.N = 0


class _SharedStatistics(object):
    """A deserializer that expands old statistics shared by the groups."""

    _OLD_NDIM = {'avg_mean': 1, 'avg_projection': 2}

    def __init__(self, base, groups):
        self._base = base
        self._groups = groups

    def __getitem__(self, key):
        return self._base[key]

    def __call__(self, key, value):
        old_ndim = self._OLD_NDIM.get(key)
        if old_ndim is None or value is None:
            return self._base(key, value)
        # the all-or-nothing loaders first validate every entry without writing
        # (their staging pass answers a None target with None; its _peek reads)
        staging = hasattr(self._base, '_peek')
        stored = self._base._peek(key, None) if staging else self._base(key, None)
        if stored is None or numpy.ndim(stored) != old_ndim:
            return self._base(key, value)
        if staging:
            numpy.broadcast_to(stored, value.shape)  # (raises when it does not fit)
            return value
        if self._groups != 1:
            warnings.warn(
                'loading a DecorrelatedBatchNormalization {} saved by an older Chainer '
                '(one for all groups): it is copied to each of the {} groups'.format(
                    key, self._groups), UserWarning, stacklevel=2)
        stored = numpy.broadcast_to(cuda.to_cpu(stored), value.shape)
        xp = cuda.get_array_module(value)
        value[...] = xp.asarray(stored, dtype=value.dtype)
        return value
