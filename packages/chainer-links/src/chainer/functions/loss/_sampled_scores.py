"""Scores of sampled output rows, shared by negative_sampling and black_out.

``scores[b, j] = W[idx[b, j]] . x[b]``: one gather and one batched matrix product,
instead of the full ``x W^T`` over the whole vocabulary.
"""
import numpy

from chainer import cuda


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
    scatter_add_rows(gW, idx.ravel(), values)
    return gx, gW


def scatter_add_rows(target, indices, values):
    """``target[indices[i]] += values[i]`` for every i, accumulating duplicates.

    Plain fancy-index assignment would keep only one of duplicated indices; numpy
    has ``add.at``, the GPU uses the backend kernel ``'scatter_add'``.
    """
    if isinstance(target, numpy.ndarray):
        numpy.add.at(target, indices, values)
    else:
        # scatter_add(target, indices, values): in place on the GPU array target
        # (N, D); indices: int array (M,), values: (M, D) of target's dtype; adds
        # values[i] to target[indices[i]] with atomic adds (duplicates accumulate).
        cuda.kernel('scatter_add')(target, indices, values)
