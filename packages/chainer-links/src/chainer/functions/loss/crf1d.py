"""Negative log-likelihood of a linear-chain CRF."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _crf_paths
from chainer.functions.loss import _labels
from chainer.functions.loss import _reduce
from chainer.functions import _log_space
from chainer.functions import _type_checks

# Chainer v1 defined ``argmax_crf1d`` in this module, and v1 code imports it from here.
from chainer.functions.loss.argmax_crf1d import ArgmaxCRF1d  # noqa: F401
from chainer.functions.loss.argmax_crf1d import argmax_crf1d  # noqa: F401


_EFFECT = ('are read as numpy reads a negative index: in the emissions, label -k '
           'is class K - k; a transition (p, q) is entry p * K + q of the raveled '
           'transition costs, wrapped around')


def _v1_labels(ys, n_label):
    """Checks the labels; returns ``(labels of the emissions, flat transition
    indices, or None when every label is in [0, K))``.

    Chainer v1 gathered ``x[i, y]`` and the raveled ``cost[y_prev * K + y]`` with numpy
    indexing, so labels in ``[-K, 0)`` (-1 for an unknown tag) gave a loss. They are
    accepted with a warning and give v1's loss; labels v1 could not index raise.
    """
    xp = cuda.get_array_module(ys[0])
    every = ys[0] if len(ys) == 1 else xp.concatenate(ys)
    if not _labels.lenient_labels(every, n_label, 'crf1d: ys', _EFFECT,
                                  low=-n_label, high=n_label):
        return ys, None
    size = n_label * n_label
    pairs = _crf_paths.transitions(ys, n_label)
    for i, pair in enumerate(pairs):
        if pair.size and bool(((pair < -size) | (pair >= size)).any()):
            raise ValueError('crf1d: the transitions from ys[{}] to ys[{}] index '
                             'outside the {} transition costs'.format(i, i + 1, size))
    pairs = [p % size for p in pairs]
    return [_labels.wrap_negative(y, n_label) for y in ys], pairs


class CRF1d(function.Function):
    """Linear-chain CRF loss over ``n`` time steps: inputs ``(cost, *xs, *ys)``; the
    mean over the sequences, or each sequence's with ``reduce='no'``."""

    def __init__(self, length, reduce='mean'):
        self.length = length
        self.reduce = _reduce.check_reduce(reduce, ('mean', 'no'))

    def check_type_forward(self, in_types):
        n = self.length
        type_check.expect(in_types.size() == 1 + 2 * n)
        x_types = in_types[1:1 + n]
        _type_checks.expect_crf_inputs(in_types[0], x_types)
        for x_type, y_type in zip(x_types, in_types[1 + n:]):
            type_check.expect(
                y_type.dtype.kind == 'i',
                y_type.ndim == 1,
                y_type.shape[0] == x_type.shape[0],
            )

    def forward(self, inputs):
        n = self.length
        cost, xs, ys = inputs[0], inputs[1:1 + n], inputs[1 + n:]
        xp = cuda.get_array_module(cost)
        n_label = cost.shape[0]
        ys, self._pairs = _v1_labels(ys, n_label)
        self._ys = ys
        wd = _log_space.work_dtype(cost.dtype)
        cost_w = cost.astype(wd, copy=False)
        xs_w = [x.astype(wd, copy=False) for x in xs]
        # Forward algorithm: alpha_i[b, t] = log sum over paths ending in t at step i.
        # Rows of sequences that already ended keep their last alpha.
        self.alphas = [xs_w[0]]
        alpha = xs_w[0]
        for x in xs_w[1:]:
            b = x.shape[0]
            a = _log_space.logsumexp(alpha[:b, :, None] + cost_w[None], axis=1) + x
            self.alphas.append(a)
            alpha = xp.concatenate([a, alpha[b:]], axis=0)
        self.logz = _log_space.logsumexp(alpha, axis=1)
        score = _crf_paths.path_score(cost_w, xs_w, ys, xp, self._pairs)
        loss = _reduce.mean_unless_no(self.logz - score, self.reduce)
        return force_array(loss, cost.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        n = self.length
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            from chainer.functions.loss import _crf1d_grad
            grads = _crf1d_grad.variable_grads(self, inputs[0], inputs[1:1 + n],
                                               grad_outputs[0])
            if n == 1:  # no transition used: no gradient for the cost, as above
                grads = (None,) + grads[1:]
            return grads + (None,) * n
        cost, xs, ys = inputs[0], inputs[1:1 + n], self._ys
        xp = cuda.get_array_module(cost)
        n_label = cost.shape[0]
        wd = self.logz.dtype
        cost_w = cost.astype(wd, copy=False)
        # The gradient reaching each sequence's loss: its weight in every sum below.
        coeff = _reduce.mean_grad(grad_outputs[0].astype(wd), self.reduce, len(xs[0]))
        labels = xp.arange(n_label)
        gxs = [None] * n
        g_cost = -_crf_paths.transition_counts(ys, n_label, xp, wd, weights=coeff,
                                               pairs=self._pairs)
        # Backward algorithm: beta_i[b, s] = log sum over continuations from s at i.
        beta = xp.zeros(xs[-1].shape, dtype=wd)
        for i in range(n - 1, -1, -1):
            b = xs[i].shape[0]
            marginal = xp.exp(self.alphas[i] + beta - self.logz[:b, None])
            gxs[i] = (marginal - (ys[i][:, None] == labels)) * coeff[:b, None]
            if i == 0:
                break
            b_prev = xs[i - 1].shape[0]
            m = xs[i].astype(wd, copy=False) + beta  # (b, K), indexed by the next label
            pair = self.alphas[i - 1][:b, :, None] + cost_w[None] + m[:, None, :]
            g_cost += (xp.exp(pair - self.logz[:b, None, None]) *
                       coeff[:b, None, None]).sum(axis=0)
            new_beta = xp.zeros((b_prev, n_label), dtype=wd)
            new_beta[:b] = _log_space.logsumexp(cost_w[None] + m[:, None, :], axis=2)
            beta = new_beta
        # Sequences of one step use no transition: the cost gets no gradient (None, as
        # in v1, whose tests declare it so; v7 gave zeros).
        g_cost = None if n == 1 else g_cost.astype(cost.dtype, copy=False)
        gxs = [g.astype(cost.dtype, copy=False) for g in gxs]
        return (g_cost,) + tuple(gxs) + (None,) * n


def crf1d(cost, xs, ys, reduce='mean'):
    """Calculates negative log-likelihood of linear-chain CRF.

    .. math::
        L = -\\left(\\sum_{i=1}^l x_{i y_i} + \\sum_{i=1}^{l-1} c_{y_i y_{i+1}}
            - \\log Z\\right)

    averaged over the sequences of the batch; :math:`\\log Z` comes from the forward
    algorithm in log space and the gradient from the forward-backward marginals.
    Sequences of different lengths are given sorted by decreasing length and
    transposed: ``xs[i]`` holds step ``i`` of the ``B_i`` sequences that are that long.

    Args:
        cost (~chainer.Variable): (K, K) transition costs :math:`c_{st}`.
        xs (list of ~chainer.Variable): ``xs[i]`` of shape (B_i, K),
            ``B_0 >= B_1 >= ...``.
        ys (list of ~chainer.Variable): int labels, ``ys[i]`` of shape (B_i,), in
            ``[0, K)``. As in Chainer v1, labels in ``[-K, 0)`` (e.g. -1 for an
            unknown tag at evaluation) are read as numpy reads a negative index
            (-1 is the last class; a transition is an entry of the raveled costs,
            wrapped around), with a warning; other labels raise ValueError.
        reduce (str): ``'mean'`` or ``'no'``: the negative log-likelihood of every
            sequence, shape (B_0,) (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar, the mean negative log-likelihood (the (B_0,)
        values with ``reduce='no'``).
    """
    if len(xs) != len(ys):
        raise ValueError('xs and ys must have one entry per step: {} != {}'.format(
            len(xs), len(ys)))
    if not xs:
        raise ValueError('xs must hold at least one step')
    return CRF1d(len(xs), reduce)(cost, *(list(xs) + list(ys)))
