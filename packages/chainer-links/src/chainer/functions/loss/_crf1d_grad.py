"""The gradient of the linear-chain CRF loss built of differentiable functions (the
Variable branch of ``CRF1d.backward``, taken in a double backprop).

With the forward and backward log-messages ``alpha``/``beta`` of each step, the
gradient of ``logZ - score`` is the node marginals minus the one-hot labels (by the
scores ``x_i``) and the transition marginals minus the transition counts (by the
costs), each weighted by its sequence's output gradient.
"""
import numpy

from chainer import cuda
from chainer.functions.loss import _crf_paths
from chainer.functions.loss._double import constant


def _to(v, shape):
    from chainer import functions as F
    return v if v.shape == shape else F.broadcast_to(v, shape)


def sequence_counts(ys, pairs, n_label, dtype, xp):
    """``(B_0, K*K)``: how often each sequence takes each transition."""
    if pairs is None:
        pairs = _crf_paths.transitions(ys, n_label)
    counts = numpy.zeros((ys[0].shape[0], n_label * n_label), dtype)
    for pair in pairs:
        pair = cuda.to_cpu(pair)
        numpy.add.at(counts, (numpy.arange(len(pair)), pair), 1)
    return xp.asarray(counts)


def variable_grads(func, cost, xs, gy):
    """``(g_cost, gx_0, ..., gx_{n-1})`` as Variables for the node ``func``."""
    from chainer import functions as F
    ys, n = func._ys, len(xs)
    k = cost.shape[0]
    xp = cuda.get_array_module(ys[0])
    dtype = cost.dtype
    cost3 = F.expand_dims(cost, 0)
    alphas = [xs[0]]
    alpha = xs[0]
    for x in xs[1:]:
        b = x.shape[0]
        a = F.logsumexp(_to(F.expand_dims(alpha[:b], 2), (b, k, k)) +
                        _to(cost3, (b, k, k)), axis=1) + x
        alphas.append(a)
        alpha = a if b == alpha.shape[0] else F.concat([a, alpha[b:]], axis=0)
    logz = F.logsumexp(alpha, axis=1)
    batch = xs[0].shape[0]
    if func.reduce == 'mean':
        g = _to(F.reshape(gy * (1.0 / max(batch, 1)), (1,)), (batch,))
    else:
        g = gy
    labels = xp.arange(k)
    beta = constant(xp.zeros((xs[-1].shape[0], k), dtype))
    gxs = [None] * n
    g_cost = None
    for i in range(n - 1, -1, -1):
        b = xs[i].shape[0]
        gb = _to(F.expand_dims(g[:b], 1), (b, k))
        marginal = F.exp(alphas[i] + beta - _to(F.expand_dims(logz[:b], 1), (b, k)))
        onehot = (ys[i][:, None] == labels[None, :]).astype(dtype)
        gxs[i] = (marginal - constant(onehot)) * gb
        if i == 0:
            break
        m = xs[i] + beta
        pair = (_to(F.expand_dims(alphas[i - 1][:b], 2), (b, k, k)) +
                _to(cost3, (b, k, k)) + _to(F.expand_dims(m, 1), (b, k, k)))
        z3 = _to(F.reshape(logz[:b], (b, 1, 1)), (b, k, k))
        g3 = _to(F.reshape(g[:b], (b, 1, 1)), (b, k, k))
        term = F.sum(F.exp(pair - z3) * g3, axis=0)
        g_cost = term if g_cost is None else g_cost + term
        b_prev = xs[i - 1].shape[0]
        new_beta = F.logsumexp(_to(cost3, (b, k, k)) + _to(F.expand_dims(m, 1),
                                                            (b, k, k)), axis=2)
        if b_prev > b:
            new_beta = F.concat([new_beta, constant(xp.zeros((b_prev - b, k), dtype))],
                                axis=0)
        beta = new_beta
    counts = constant(sequence_counts(ys, func._pairs, k, dtype, xp))
    taken = F.reshape(F.matmul(F.reshape(g, (1, batch)), counts), (k, k))
    g_cost = -taken if g_cost is None else g_cost - taken
    return (g_cost,) + tuple(gxs)
