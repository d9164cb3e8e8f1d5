"""Label-path bookkeeping shared by crf1d and argmax_crf1d.

Sequences are time-major and sorted by decreasing length: step ``i`` holds the
first ``B_i`` sequences of the batch.
"""


def path_score(cost, xs, ys, xp):
    """Scores :math:`\\sum_i x_{i y_i} + \\sum_i c_{y_i y_{i+1}}` of label paths ``ys``.

    Returns an array of shape (B_0,) (one score per sequence of the batch).
    """
    score = xp.zeros(xs[0].shape[0], dtype=cost.dtype)
    prev = None
    for x, y in zip(xs, ys):
        b = x.shape[0]
        score[:b] += x[xp.arange(b), y]
        if prev is not None:
            score[:b] += cost[prev[:b], y]
        prev = y
    return score


def transition_counts(ys, n_label, xp, dtype, weights=None):
    """Matrix (K, K) of how often each transition ``y_i -> y_{i+1}`` occurs in ``ys``.

    With ``weights`` (B_0,), each sequence's transitions count with its weight.
    """
    counts = xp.zeros(n_label * n_label, dtype=dtype)
    for prev, y in zip(ys[:-1], ys[1:]):
        b = y.shape[0]
        w = None if weights is None else weights[:b]
        counts += xp.bincount(prev[:b] * n_label + y, weights=w,
                              minlength=n_label * n_label).astype(dtype, copy=False)
    return counts.reshape(n_label, n_label)
