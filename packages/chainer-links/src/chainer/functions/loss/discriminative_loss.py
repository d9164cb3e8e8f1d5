"""Discriminative margin-based clustering loss (De Brabandere et al., 2017):
``F.discriminative_margin_based_clustering_loss`` (Chainer v5+; v7 module
path)."""
from chainer import cuda
from chainer import variable


def _norm(v, axis, order):
    """The L1 (``order=1``) or L2 (``order=2``) norm of the Variable ``v`` over ``axis``.

    Where a vector is zero (the masked pixels of other instances, an absent
    instance's center) the L2 norm takes the zero subgradient: ``sqrt`` alone would
    give ``0 * inf = nan`` there, and every gradient of the loss would be nan.
    """
    from chainer import functions as F
    if order == 1:
        return F.sum(F.absolute(v), axis=axis)
    squares = F.sum(v * v, axis=axis)
    xp = cuda.get_array_module(squares.array)
    nonzero = squares.array > 0
    safe = F.where(nonzero, squares, xp.ones_like(squares.array))
    return F.where(nonzero, F.sqrt(safe), xp.zeros_like(squares.array))


class DiscriminativeMarginBasedClusteringLoss(object):
    """The loss as a callable object holding its hyperparameters.

    Args:
        delta_v (float): distance from its instance's center below which a pixel's
            embedding is not pulled (variance term).
        delta_d (float): the centers of two instances are pushed apart until they
            are ``2 * delta_d`` away (distance term).
        max_embedding_dim (int): the number of instances ``K`` (labels ``1..K``;
            0 is the background); the embeddings must have ``K`` channels.
        norm (int): 1 (L1) or 2 (L2), the norm of the distances.
        alpha (float): weight of the variance term.
        beta (float): weight of the distance term.
        gamma (float): weight of the regularization term.
    """

    def __init__(self, delta_v=0.5, delta_d=1.5, max_embedding_dim=10, norm=1,
                 alpha=1.0, beta=1.0, gamma=0.001):
        if max_embedding_dim <= 0:
            raise ValueError('max_embedding_dim must be positive, got {!r}'.format(
                max_embedding_dim))
        if norm not in (1, 2):
            raise ValueError('norm must be 1 or 2, got {!r}'.format(norm))
        self.delta_v = delta_v
        self.delta_d = delta_d
        self.max_embedding_dim = max_embedding_dim
        self.norm = norm
        self.alpha = alpha
        self.beta = beta
        self.gamma = gamma

    def __call__(self, embeddings, labels):
        """Computes the three weighted terms.

        Args:
            embeddings (~chainer.Variable or array): ``(N, K, H, W)`` pixel
                embeddings.
            labels (array): ``(N, H, W)`` int instance ids (``k`` in ``1..K``;
                other values belong to no instance).

        Returns:
            tuple: ``(alpha * variance, beta * distance, gamma * regularization)``,
            three scalar Variables.
        """
        from chainer import functions as F
        if not isinstance(embeddings, variable.Variable):
            embeddings = variable.Variable(embeddings)
        if isinstance(labels, variable.Variable):
            labels = labels.data
        n, dim = embeddings.shape[:2]
        k = self.max_embedding_dim
        if dim != k:
            raise ValueError('embeddings must have max_embedding_dim={} channels, got '
                             'shape {}'.format(k, embeddings.shape))
        xp = cuda.get_array_module(labels)
        dtype = embeddings.dtype
        emb = F.reshape(embeddings, (1, n, dim, -1))          # (1, N, D, P)
        member = xp.stack([(labels == c + 1).reshape(n, -1) for c in range(k)])
        mask = variable.Variable(member[:, :, None, :].astype(dtype),
                                 requires_grad=False)       # (K, N, 1, P)
        counts = member.sum(axis=2)                          # (K, N)
        # centers[c, i] = mean embedding of instance c + 1 in image i (0 if absent)
        size = xp.maximum(counts, 1)[:, :, None].astype(dtype)
        centers = F.sum(emb * mask, axis=3) / size           # (K, N, D)

        # Pull: each member pixel towards its center, beyond delta_v.
        offset = (F.expand_dims(centers, 3) - emb) * mask    # (K, N, D, P)
        pull = F.relu(_norm(offset, 2, self.norm) - self.delta_v) ** 2
        per_instance = F.sum(pull, axis=(1, 2))              # (K,)
        pixels = xp.maximum(counts.sum(axis=1), 1).astype(dtype)
        variance = F.sum(per_instance / pixels) / k

        # Push: every pair of centers of one image apart, up to 2 delta_d.
        distance = None
        pairs = 0
        for a in range(k):
            for b in range(a + 1, k):
                gap = _norm(centers[a] - centers[b], 1, self.norm)   # (N,)
                term = F.sum(F.relu(2 * self.delta_d - gap) ** 2)
                distance = term if distance is None else distance + term
                pairs += 1
        if distance is None:
            distance = variable.Variable(xp.zeros((), dtype))
        distance = distance / max(pairs * n, 1)

        # Regularization: the norms of the centers (per instance over the batch).
        regularization = F.sum(_norm(centers, (1, 2), self.norm)) / (k * n)
        return (variance * self.alpha, distance * self.beta,
                regularization * self.gamma)


def discriminative_margin_based_clustering_loss(
        embeddings, labels, delta_v, delta_d, max_embedding_dim, norm=1,
        alpha=1.0, beta=1.0, gamma=0.001):
    """Discriminative margin-based clustering loss for instance segmentation.

    With the centers :math:`\\mu_{c,i}` (mean embedding of instance ``c`` in image
    ``i``, over its pixels), the terms are

    * variance: :math:`\\frac1K \\sum_c \\frac{1}{|S_c|} \\sum_{(i,p) \\in S_c}
      [\\|\\mu_{c,i} - x_{i,p}\\| - \\delta_v]_+^2` (:math:`S_c`: the pixels of
      instance ``c`` over the batch),
    * distance: the mean over pairs ``a < b`` and images of
      :math:`[2\\delta_d - \\|\\mu_{a,i} - \\mu_{b,i}\\|]_+^2`,
    * regularization: :math:`\\frac{1}{KN} \\sum_c \\|\\mu_c\\|` (the norm over
      images and channels together),

    with the L1 or L2 norm (https://arxiv.org/abs/1708.02551). Built of
    differentiable functions, so it is differentiable twice; the hinge (relu) and
    the norms make the second derivative piecewise (undefined at the kinks; at a
    zero vector, where the L2 norm has no derivative, its zero subgradient is
    taken, so masked pixels and absent instances give no nan).

    Args:
        embeddings (~chainer.Variable or array): ``(N, K, H, W)`` pixel embeddings.
        labels (array): ``(N, H, W)`` int instance ids ``1..K`` (other values: no
            instance).
        delta_v (float): the variance margin :math:`\\delta_v`.
        delta_d (float): the distance margin :math:`\\delta_d`.
        max_embedding_dim (int): ``K``, the number of instances and channels.
        norm (int): 1 or 2.
        alpha (float): weight of the variance term.
        beta (float): weight of the distance term.
        gamma (float): weight of the regularization term.

    Returns:
        tuple: ``(alpha * variance, beta * distance, gamma * regularization)``,
        scalar Variables (Chainer v7's order).
    """
    return DiscriminativeMarginBasedClusteringLoss(
        delta_v, delta_d, max_embedding_dim, norm, alpha, beta, gamma)(
            embeddings, labels)
