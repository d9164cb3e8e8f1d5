"""Label-path bookkeeping shared by crf1d and argmax_crf1d.

Sequences are time-major and sorted by decreasing length: step ``i`` holds the
first ``B_i`` sequences of the batch.
"""


def transitions(ys, n_label):
    """Flat indices ``y_i * K + y_{i+1}`` into the (K*K,) raveled transition costs,
    one (B_{i+1},) array per step after the first."""
    return [prev[:y.shape[0]] * n_label + y for prev, y in zip(ys[:-1], ys[1:])]


def path_score(cost, xs, ys, xp, pairs=None):
    """Scores :math:`\\sum_i x_{i y_i} + \\sum_i c_{y_i y_{i+1}}` of label paths ``ys``.

    ``pairs`` (default ``transitions(ys, K)``) gives each step's flat transition
    indices. Returns an array of shape (B_0,) (one score per sequence of the batch).
    """
    if pairs is None:
        pairs = transitions(ys, cost.shape[0])
    flat_cost = cost.reshape(-1)
    score = xp.zeros(xs[0].shape[0], dtype=cost.dtype)
    for i, (x, y) in enumerate(zip(xs, ys)):
        b = x.shape[0]
        score[:b] += x[xp.arange(b), y]
        if i:
            score[:b] += flat_cost[pairs[i - 1]]
    return score


def transition_counts(ys, n_label, xp, dtype, weights=None, pairs=None):
    """Matrix (K, K) of how often each transition ``y_i -> y_{i+1}`` occurs in ``ys``.

    With ``weights`` (B_0,), each sequence's transitions count with its weight;
    ``pairs`` (default ``transitions(ys, K)``) gives the flat transition indices.
    """
    if pairs is None:
        pairs = transitions(ys, n_label)
    counts = xp.zeros(n_label * n_label, dtype=dtype)
    for pair in pairs:
        b = pair.shape[0]
        w = None if weights is None else weights[:b]
        counts += xp.bincount(pair, weights=w,
                              minlength=n_label * n_label).astype(dtype, copy=False)
    return counts.reshape(n_label, n_label)
