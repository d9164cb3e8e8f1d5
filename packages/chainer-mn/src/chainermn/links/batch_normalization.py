"""``MultiNodeBatchNormalization``: batch normalization by the statistics of the
batches of all processes."""
import copy

import chainer
from chainer import configuration
from chainer import variable
from chainermn.functions import batch_normalization as mn_bn


class MultiNodeBatchNormalization(chainer.links.BatchNormalization):
    """Batch normalization layer over the whole batch of a data-parallel job.

    :class:`chainer.links.BatchNormalization` normalizes each process's batch by its
    own statistics, which are unreliable when the batch per process is small. This
    link normalizes by the mean and variance of the union of the batches of all the
    processes of ``comm`` (see
    :func:`~chainermn.functions.batch_normalization.multi_node_batch_normalization`),
    and updates ``avg_mean``/``avg_var`` with them, so every process keeps the same
    running statistics. In testing mode (``chainer.config.train`` False) it
    normalizes by ``avg_mean``/``avg_var`` without communicating. Every process calls
    it at the same time in training mode.

    Args:
        size (int or tuple of ints): Size (or shape) of the channel dimensions.
        comm: a ChainerMN communicator sharing the statistics.
        decay (float): Decay rate of the moving averages (training mode).
        eps (float): Epsilon added to the variances.
        dtype (numpy.dtype or None): Type of the parameters and statistics (None:
            ``chainer.config.dtype``; float32 under ``chainer.mixed16``).
        use_gamma (bool): If False, the scale is fixed to 1.
        use_beta (bool): If False, the shift is fixed to 0.
        initial_gamma: Initializer (or scalar/array) of ``gamma`` (None: 1).
        initial_beta: Initializer (or scalar/array) of ``beta`` (None: 0).
        communication_backend (str): ``'mpi'``, ``'nccl'`` (only with the
            ``pure_nccl`` communicator) or ``'auto'``. Both move the statistics (a few
            floats per channel) through ``comm.allreduce``.

    Attributes:
        comm: The communicator (kept, not copied, by ``copy.deepcopy``).
    """

    def __init__(self, size, comm, decay=0.9, eps=2e-5, dtype=None, use_gamma=True,
                 use_beta=True, initial_gamma=None, initial_beta=None,
                 communication_backend='auto'):
        self._communication_backend = mn_bn.get_communication_backend(
            comm, communication_backend)
        super(MultiNodeBatchNormalization, self).__init__(
            size, decay, eps, dtype, use_gamma, use_beta, initial_gamma, initial_beta)
        self.comm = comm

    def __call__(self, x, finetune=False):
        """Normalizes ``x`` (see :meth:`forward`).

        Args:
            x (~chainer.Variable): This process's batch.
            finetune (bool): Fine-tuning mode (see :meth:`forward`).

        Returns:
            ~chainer.Variable: The normalized batch.
        """
        return chainer.link.Link.__call__(self, x, finetune=finetune)

    def forward(self, x, finetune=False):
        """Normalizes by the statistics of all processes' batches (training), or by
        ``avg_mean``/``avg_var`` (``chainer.config.train`` False).

        Args:
            x (~chainer.Variable): This process's batch, ``(B, *size, ...)``.
            finetune (bool): Accumulate the exact population statistics: the
                ``N``-th batch is averaged in with decay ``1 - 1/N``.

        Returns:
            ~chainer.Variable: The normalized batch.
        """
        if not configuration.config.train:
            return super(MultiNodeBatchNormalization, self).forward(x, test=True)
        if finetune:
            self.N += 1
            decay = 1.0 - 1.0 / self.N
        else:
            decay = self.decay
        gamma, beta = self._gamma_beta()
        return mn_bn.multi_node_batch_normalization(
            x, gamma, beta, self.comm, self.eps, self.avg_mean, self.avg_var, decay)

    def _gamma_beta(self):
        shape, dtype = self.avg_mean.shape, self.avg_mean.dtype
        gamma = getattr(self, 'gamma', None)
        if gamma is None:
            gamma = variable.Variable(self.xp.ones(shape, dtype=dtype))
        beta = getattr(self, 'beta', None)
        if beta is None:
            beta = variable.Variable(self.xp.zeros(shape, dtype=dtype))
        return gamma, beta

    def __deepcopy__(self, memo):
        # The communicator (an MPI communicator underneath) is shared, not copied.
        memo[id(self.comm)] = self.comm
        new = object.__new__(type(self))
        memo[id(self)] = new
        for name, value in self.__dict__.items():
            object.__setattr__(new, name, copy.deepcopy(value, memo))
        return new
