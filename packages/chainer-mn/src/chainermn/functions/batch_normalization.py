"""Batch normalization with the statistics of the batches of all processes:
``multi_node_batch_normalization``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions.normalization import _channel_params
from chainer.utils import type_check
from chainermn.functions._allreduce_sum import allreduce_sum

#: The communication backends MultiNodeBatchNormalization accepts.
BACKENDS = ('auto', 'mpi', 'nccl')


def get_communication_backend(comm, communication_backend='auto'):
    """Checks ``communication_backend`` against ``comm``; returns ``'mpi'`` or
    ``'nccl'`` (``'auto'``: ``'nccl'`` for the ``pure_nccl`` communicator, else
    ``'mpi'``).

    Raises:
        ValueError: an unknown backend, or ``'nccl'`` with a communicator other than
            ``pure_nccl`` (as in ChainerMN v7).
    """
    if communication_backend not in BACKENDS:
        raise ValueError('MultiNodeBatchNormalization does not support the '
                         'communication backend {!r} (one of {})'.format(
                             communication_backend, ', '.join(BACKENDS)))
    from chainermn.communicators.nccl_allreduce import PureNcclCommunicator
    is_nccl = isinstance(comm, PureNcclCommunicator)
    if communication_backend == 'nccl' and not is_nccl:
        raise ValueError("communication_backend='nccl' needs the pure_nccl "
                         'communicator, got {}'.format(type(comm).__name__))
    if communication_backend == 'auto':
        return 'nccl' if is_nccl else 'mpi'
    return communication_backend


class MultiNodeBatchNormalizationFunction(function.Function):
    """Batch normalization by the statistics of the union of the batches of all the
    processes of ``comm`` (see :func:`multi_node_batch_normalization`).

    Its backward works on arrays in an ordinary backward and, in a double backprop, on
    Variables: there it recomputes the statistics from ``x`` with differentiable
    functions and a differentiable all-reduce, so the gradients can be differentiated
    again (every process runs both backward passes at the same time).

    Args:
        comm: a ChainerMN communicator (every process applies the function at the same
            time, with the same channel shape).
        eps (float): Added to the variance for numerical stability.
        mean (array or None): Running average of the mean, updated in place.
        var (array or None): Running average of the variance, updated in place.
        decay (float): Decay rate of the running averages.

    Attributes:
        running_mean, running_var: The running averages given as ``mean``/``var``.
    """

    _differentiable_backward = True

    def __init__(self, comm, eps=2e-5, mean=None, var=None, decay=0.9):
        if (mean is None) != (var is None):
            raise ValueError('mean and var must be both given or both None')
        _channel_params.check_eps_decay(eps, decay)
        self.comm = comm
        self.eps = eps
        self.running_mean = mean
        self.running_var = var
        self.decay = decay

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        x_type, gamma_type, beta_type = in_types
        _channel_params.expect_channel_params(x_type, (gamma_type, beta_type))

    def _sum_over_processes(self, xp, *parts):
        """The sums of the per-channel ``parts`` over all processes (one all-reduce of
        one float64 buffer)."""
        flat = numpy.concatenate([numpy.asarray(cuda.to_cpu(p), numpy.float64).ravel()
                                  for p in parts])
        total = numpy.asarray(cuda.to_cpu(self.comm.allreduce(flat)))
        out, start = [], 0
        for p in parts:
            size = int(numpy.prod(p.shape))
            out.append(total[start:start + size].reshape(p.shape))
            start += size
        return out if xp is numpy else [cuda.to_gpu(o) for o in out]

    def forward(self, inputs):
        x, gamma, beta = inputs
        xp = cuda.get_array_module(x)
        axes = _channel_params.aggregate_axes(x.ndim, gamma.ndim)
        self._axes = axes
        acc = _channel_params.sum_dtype(x.dtype)
        m_local = x.size // gamma.size
        # Two all-reduces, as a single process computes them: the mean, then the
        # variance around it (no cancellation of E[x^2] - E[x]^2).
        total, count = self._sum_over_processes(
            xp, x.sum(axis=axes, dtype=acc), xp.full((1,), m_local, acc))
        m = int(round(float(count[0])))
        self._m = m
        mean = (total / m).astype(acc)
        view = _channel_params.param_view
        # float16 data is normalized in float32 (the accumulation dtype), the result
        # cast back: the parameters' gradients then keep float32 precision (mixed16)
        xc = x.astype(acc, copy=False) - view(mean, x.ndim, axes)
        sq, = self._sum_over_processes(xp, (xc * xc).sum(axis=axes, dtype=acc))
        var = (sq / m).astype(acc)
        inv_std = (1 / xp.sqrt(var + self.eps)).astype(acc)
        self._inv_std = inv_std
        self._x_hat = xc * view(inv_std, x.ndim, axes)
        y = self._x_hat * view(gamma.astype(acc), x.ndim, axes)
        y += view(beta.astype(acc), x.ndim, axes)
        if self.running_mean is not None:
            self._update_running_stats(mean, var, m)
        return y.astype(x.dtype, copy=False),

    def _update_running_stats(self, mean, var, m):
        _channel_params.update_running_stats(self.running_mean, self.running_var,
                                             self.decay, mean, var, m)

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], function.Variable):  # a double backprop
            return self._variable_grads(inputs, grad_outputs[0])
        x, gamma, _ = inputs
        gy, = grad_outputs
        xp = cuda.get_array_module(x)
        axes = self._axes
        view = _channel_params.param_view
        acc = _channel_params.sum_dtype(x.dtype)
        x_hat = self._x_hat  # in the accumulation dtype
        gy = gy.astype(acc, copy=False)
        gbeta, ggamma = self._sum_over_processes(
            xp, gy.sum(axis=axes, dtype=acc), (gy * x_hat).sum(axis=axes, dtype=acc))
        m = self._m
        gx = x_hat * view((ggamma / m).astype(acc), x.ndim, axes)
        gx += view((gbeta / m).astype(acc), x.ndim, axes)
        gx = gy - gx
        gx *= view(gamma.astype(acc) * self._inv_std, x.ndim, axes)
        # The parameters' gradients: the mean over the processes of the sums, as in
        # ChainerMN v7 (the multi-node optimizer's averaging keeps them).
        n = self.comm.size
        return (gx.astype(x.dtype, copy=False), (ggamma / n).astype(gamma.dtype),
                (gbeta / n).astype(gamma.dtype))


    def _variable_grads(self, inputs, gy):
        """``(gx, ggamma, gbeta)`` of :meth:`backward` as graphs of differentiable
        functions of ``x``, ``gamma`` and ``gy``."""
        from chainer import functions as F
        x, gamma, _ = inputs
        axes, m, n = self._axes, self._m, self.comm.size
        keep = _channel_params.keep_shape(x.shape, axes)

        def total(*vs):  # per-channel sums over every process's batch, shaped ``keep``
            sums = [F.sum(v, axis=axes, keepdims=True) for v in vs]
            found = allreduce_sum(sums[0] if len(vs) == 1 else F.concat(sums, 0),
                                  self.comm)
            return [found[i:i + 1] for i in range(len(vs))] if len(vs) > 1 else found

        def wide(v):
            return F.broadcast_to(v, x.shape)

        # Three all-reduces, each depending on the one before: their nodes have
        # increasing ranks, so a second backward meets them in the same order on every
        # process (the engine orders nodes of equal rank by their memory address).
        xc = x - wide(total(x) / m)
        inv_std = (total(xc * xc) / m + self.eps) ** -0.5
        x_hat = xc * wide(inv_std)
        gbeta, ggamma = total(gy, gy * x_hat)
        g = F.reshape(gamma if gamma.dtype == x.dtype else F.cast(gamma, x.dtype), keep)
        gx = wide(g * inv_std) * (gy - wide(gbeta / m) - x_hat * wide(ggamma / m))

        def param_grad(v):
            v = F.reshape(v, gamma.shape) / n
            return v if v.dtype == gamma.dtype else F.cast(v, gamma.dtype)
        return gx, param_grad(ggamma), param_grad(gbeta)


def multi_node_batch_normalization(x, gamma, beta, comm, eps=2e-5, running_mean=None,
                                   running_var=None, decay=0.9):
    """Batch normalization by the statistics of the batches of all processes.

    Every process of ``comm`` calls it at the same time on its own batch ``x`` (the
    batch sizes may differ; the channel shape must agree). The mean and variance are
    those of the union of the batches (two all-reduces of the per-channel sums and the
    example counts), so the output on each process is its part of
    :func:`chainer.functions.batch_normalization` applied to the concatenated batch.
    Backward all-reduces the per-channel sums of ``gy`` and ``gy * x_hat``: ``gx`` is
    the concatenated batch's gradient of this process's part; the gradients of
    ``gamma`` and ``beta`` are the concatenated batch's ones divided by the number of
    processes (their mean over processes, as in ChainerMN v7, which the multi-node
    optimizer's averaging leaves unchanged). The running averages are updated in place
    with the global statistics (the variance unbiased over the whole batch).
    Differentiable twice: in a double backprop the gradients are built from
    differentiable functions and all-reduces, so every process must run both backward
    passes at the same time.

    Args:
        x (~chainer.Variable or array): This process's batch, ``(B, C, ...)``.
        gamma (~chainer.Variable or array): Scaling parameter, ``(C,)`` (or the
            channel shape).
        beta (~chainer.Variable or array): Shifting parameter.
        comm: a ChainerMN communicator.
        eps (float): Epsilon added to the variance.
        running_mean (array or None): Running average of the mean, updated in place.
        running_var (array or None): Running average of the variance, updated in place.
        decay (float): Decay rate of the running averages.

    Returns:
        ~chainer.Variable: The normalized ``x``.
    """
    return MultiNodeBatchNormalizationFunction(comm, eps, running_mean, running_var,
                                               decay)(x, gamma, beta)
