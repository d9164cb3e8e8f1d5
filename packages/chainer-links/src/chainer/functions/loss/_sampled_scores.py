"""Scores of sampled output rows, shared by negative_sampling and black_out.

``scores[b, j] = W[idx[b, j]] . x[b]``: one gather and one batched matrix product,
instead of the full ``x W^T`` over the whole vocabulary.
"""
from chainer import cuda
from chainer.functions.array import _add_at


def gather_scores(x, W, idx):
    """Returns ``(scores, rows)``: scores (B, S) and the gathered rows (B, S, D)."""
    xp = cuda.get_array_module(x)
    rows = W[idx]
    return xp.matmul(rows, x[:, :, None])[:, :, 0], rows


def scores_backward(x, W, idx, rows, g_scores):
    """Gradients of ``x`` and ``W`` given the gradient (B, S) of the scores."""
    xp = cuda.get_array_module(x)
    gx = xp.matmul(g_scores[:, None, :], rows)[:, 0, :]
    gW = xp.zeros_like(W)
    values = (g_scores[:, :, None] * x[:, None, :]).reshape(-1, x.shape[1])
    _add_at.add_rows(gW, idx.ravel(), values)
    return gx, gW


def variable_scores(x, W, idx):
    """Variable version of :func:`gather_scores` (a double backprop): returns
    ``(scores, rows, getter)``, the rows gathered by the core's differentiable
    ``GetItem`` ``getter``."""
    from chainer import functions as F
    from chainer.core_functions.get_item import GetItem
    getter = GetItem((idx,))
    rows = getter(W)  # (B, S, D)
    scores = F.sum(rows * F.broadcast_to(F.expand_dims(x, 1), rows.shape), axis=2)
    return scores, rows, getter


def variable_scores_backward(x, W, getter, rows, g_scores):
    """Variable version of :func:`scores_backward`: ``(gx, gW)`` built of
    differentiable functions (the rows' gradient is scattered back by the
    ``getter``'s own differentiable backward)."""
    from chainer import functions as F
    g3 = F.broadcast_to(F.expand_dims(g_scores, 2), rows.shape)
    gx = F.sum(g3 * rows, axis=1)
    g_rows = g3 * F.broadcast_to(F.expand_dims(x, 1), rows.shape)
    gW, = getter.backward((W,), (g_rows,))
    return gx, gW
