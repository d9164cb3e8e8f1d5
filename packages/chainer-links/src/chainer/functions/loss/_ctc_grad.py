"""The gradient of the CTC loss built of differentiable functions (the Variable
branch of ``ConnectionistTemporalClassification.backward``, taken in a double
backprop).

The forward (alpha) and backward (beta) log-recursions run on Variables, with a
large finite negative number standing for log 0 (masked entries are multiplied by
zero, so no infinity ever enters a product); the gradient by ``x_t`` is
``softmax(x_t) - sum_{s: l'_s = v} occupancy_t(s)``, weighted by each sample's
output gradient.
"""
from chainer import cuda
from chainer.functions.loss._double import constant

_LOG_ZERO = -1e30

def _masked(v, mask, xp):
    """``v`` where ``mask`` (a host/device bool array broadcastable to v) holds, else
    log 0."""
    m = xp.broadcast_to(mask, v.shape).astype(v.dtype)
    return v * constant(m) + constant((1 - m) * v.dtype.type(_LOG_ZERO))

def _shift(v, k, xp):
    """``v`` (B, S) shifted by ``k`` along axis 1 (right for k > 0), filled with log
    0."""
    from chainer import functions as F
    fill = constant(xp.full((v.shape[0], abs(k)), _LOG_ZERO, v.dtype))
    if k > 0:
        return F.concat([fill, v[:, :-k]], axis=1)
    return F.concat([v[:, -k:], fill], axis=1)

def _logsumexp3(a, b, c):
    from chainer import functions as F
    return F.logsumexp(F.stack([a, b, c], axis=0), axis=0)

def variable_grads(func, inputs, gy):
    """The input gradients (None for the lengths and labels) as Variables."""
    from chainer import functions as F
    input_length, label_length = inputs[0].data, inputs[1].data
    xs = inputs[3:]
    xp = cuda.get_array_module(input_length)
    n_time = len(xs)
    n_batch, n_vocab = xs[0].shape
    dtype = xs[0].dtype
    wd = func.alphas.dtype
    x = F.stack(xs, axis=0)
    if x.dtype != wd:
        x = F.cast(x, wd)
    log_y = F.reshape(F.log_softmax(F.reshape(x, (-1, n_vocab))),
                      (n_time, n_batch, n_vocab))
    ext = func.ext
    n_ext = ext.shape[1]
    flat = (xp.arange(n_batch)[:, None] * n_vocab + ext).ravel()
    ly = F.reshape(F.reshape(log_y, (n_time, -1))[:, flat], (n_time, n_batch, n_ext))
    valid, skip = func.valid, func.skip
    s_idx = xp.arange(n_ext)[None, :]

    alphas = [_masked(ly[0], valid & (s_idx < 2), xp)]
    for i in range(1, n_time):
        prev = alphas[-1]
        a = _logsumexp3(prev, _shift(prev, 1, xp), _masked(_shift(prev, 2, xp), skip, xp))
        alphas.append(_masked(a + ly[i], valid, xp))

    end = (2 * label_length)[:, None]
    beta_end = xp.where((s_idx == end) | (s_idx == end - 1), 0, _LOG_ZERO).astype(wd)
    skip_next = xp.zeros_like(skip)
    skip_next[:, :-2] = skip[:, 2:]
    betas = [None] * n_time
    beta = constant(xp.full((n_batch, n_ext), _LOG_ZERO, wd))
    for i in range(n_time - 1, -1, -1):
        if i < n_time - 1:
            nxt = beta + ly[i + 1]
            rec = _logsumexp3(nxt, _shift(nxt, -1, xp),
                              _masked(_shift(nxt, -2, xp), skip_next, xp))
            rec = _masked(rec, (i < input_length - 1)[:, None], xp)
        else:
            rec = beta
        last = (input_length - 1 == i)[:, None]
        beta = rec * constant(xp.broadcast_to(~last, rec.shape).astype(wd)) + \
            constant(xp.where(last, beta_end, 0).astype(wd))
        betas[i] = beta

    rows = xp.arange(n_batch)
    alpha_all = F.stack(alphas, axis=0)  # (T, B, S)
    at_end = alpha_all[input_length - 1, rows]  # (B, S)
    log_p = _logsumexp3(
        at_end[rows, end[:, 0]],
        _masked(at_end[rows, xp.maximum(end[:, 0] - 1, 0)], end[:, 0] > 0, xp),
        constant(xp.full((n_batch,), _LOG_ZERO, wd)))
    feasible = xp.isfinite(func.log_p)
    log_p = _masked(log_p, feasible, xp)  # infeasible samples: any finite value
    log_p3 = F.broadcast_to(F.reshape(log_p, (1, n_batch, 1)), alpha_all.shape)
    occupancy = F.exp(alpha_all + F.stack(betas, axis=0) - log_p3)  # (T, B, S)
    onehot = (ext[:, :, None] == xp.arange(n_vocab)).astype(wd)  # (B, S, V)
    per_class = F.sum(
        F.broadcast_to(F.expand_dims(occupancy, 3), (n_time, n_batch, n_ext, n_vocab)) *
        constant(xp.broadcast_to(onehot[None], (n_time, n_batch, n_ext, n_vocab))),
        axis=2)
    in_time = (xp.arange(n_time)[:, None] < input_length[None, :])[:, :, None]
    gx = F.exp(log_y) * constant(xp.broadcast_to(in_time, log_y.shape).astype(wd)) - \
        per_class
    if func.reduce == 'mean':
        g = F.broadcast_to(F.reshape(gy * (1.0 / max(n_batch, 1)), (1,)), (n_batch,))
    else:
        g = gy
    if g.dtype != wd:
        g = F.cast(g, wd)
    g = g * constant(feasible.astype(wd))
    gx = gx * F.broadcast_to(F.reshape(g, (1, n_batch, 1)), gx.shape)
    if gx.dtype != dtype:
        gx = F.cast(gx, dtype)
    return (None, None, None) + tuple(gx[i] for i in range(n_time))
