"""Walker's alias method: O(1) sampling from a fixed discrete distribution."""
import numpy

from chainer import cuda


_ROUNDING = 1e-9


def _alias_tables(probs):
    """Builds the alias tables of ``probs`` (normalized, float64) without a Python loop.

    Every entry ``i`` owns a bucket of mass ``1/n``: a fraction ``threshold[i]`` of it
    belongs to ``i`` itself and the rest to ``alias[i]``. With ``q = n p``, entries with
    ``q < 1`` ("small") are topped up by entries with ``q >= 1`` ("large"). Lay the
    smalls' deficits ``1 - q`` end to end on a line, and the larges' surpluses
    ``q - 1`` on another line of the same total length. A small is topped up entirely
    by the large whose surplus interval contains the *start* of its deficit. A large
    whose interval ends inside a small's deficit has thus given away the overhang too
    much; its own bucket lends that overhang to the next large (threshold
    ``1 - overhang``, alias the next large). The mass balance of each large is then
    exact, so the table is built with cumulative sums and binary searches.
    """
    n = probs.size
    q = probs * n
    # Entries within rounding of q == 1 count as large (with no surplus): otherwise equal
    # probabilities whose q rounds to just below 1 would all be small, with no donor.
    small = numpy.flatnonzero(q < 1 - _ROUNDING)
    large = numpy.flatnonzero(q >= 1 - _ROUNDING)
    threshold = numpy.ones(n)
    alias = numpy.arange(n)
    if small.size == 0:
        return threshold, alias
    deficit = 1 - q[small]
    deficit_end = numpy.cumsum(deficit)
    deficit_start = deficit_end - deficit
    surplus_end = numpy.cumsum(numpy.maximum(q[large] - 1, 0.0))

    donor = numpy.searchsorted(surplus_end, deficit_start, side='right')
    threshold[small] = q[small]
    alias[small] = large[numpy.minimum(donor, large.size - 1)]

    straddled = numpy.searchsorted(deficit_end, surplus_end, side='right')
    inside = straddled < small.size
    k = numpy.minimum(straddled, small.size - 1)
    overhang = numpy.where(inside & (deficit_start[k] < surplus_end),
                           deficit_end[k] - surplus_end, 0.0)
    overhang[-1] = 0.0  # the last large ends the line (up to rounding)
    threshold[large] = 1 - numpy.clip(overhang, 0.0, 1.0)
    alias[large[:-1]] = large[1:]
    return threshold, alias


class WalkerAlias(object):
    """Implementation of Walker's alias method.

    It draws samples from probabilities :math:`p_1, \\ldots, p_n` in O(1) time each:
    pick a bucket uniformly, then its own entry or its alias by one comparison. The
    tables are built once in O(n log n) (vectorized). Works on CPU and GPU.

    Args:
        probs (float list or array): probabilities of the entries, normalized with
            ``sum(probs)``; non-negative and finite, with a positive sum.

    Attributes:
        threshold (array): per bucket, the fraction owned by the bucket's own entry.
        alias (array): per bucket, the entry that owns the rest (int32).
        use_gpu (bool): whether the tables (and samples) live on the GPU.
        device (~chainer.backend.Device): the device of the tables (v7).
    """

    def __init__(self, probs):
        if hasattr(probs, '__cuda_array_interface__'):
            probs = cuda.to_cpu(probs)
        p = numpy.asarray(probs, dtype=numpy.float64)
        if p.ndim != 1 or p.size == 0:
            raise ValueError('probs must be a non-empty 1-d list of probabilities, got '
                             'shape {}'.format(p.shape))
        if not numpy.isfinite(p).all() or (p < 0).any():
            raise ValueError('probs must be finite and non-negative')
        total = p.sum()
        if not total > 0:
            raise ValueError('probs must have a positive sum, got {}'.format(total))
        threshold, alias = _alias_tables(p / total)
        self.threshold = threshold
        self.alias = alias.astype(numpy.int32)
        self.use_gpu = False

    @property
    def device(self):
        """The :class:`~chainer.backend.Device` the tables (and samples) live on
        (v7)."""
        from chainer import backend
        return backend.get_device_from_array(self.threshold)

    def to_gpu(self):
        """Make a sampler GPU mode (moves the tables to the current device)."""
        if not self.use_gpu:
            self.threshold = cuda.to_gpu(self.threshold)
            self.alias = cuda.to_gpu(self.alias)
            self.use_gpu = True

    def to_cpu(self):
        """Make a sampler CPU mode (moves the tables to the host)."""
        if self.use_gpu:
            self.threshold = cuda.to_cpu(self.threshold)
            self.alias = cuda.to_cpu(self.alias)
            self.use_gpu = False

    def sample(self, shape):
        """Generates a random sample based on given probabilities.

        Args:
            shape (tuple of int): shape of the return value.

        Returns:
            int32 array of that shape (numpy in CPU mode, CuPy in GPU mode) of entry
            indices distributed as ``probs``.
        """
        xp = cuda.get_array_module(self.threshold)
        n = self.threshold.shape[0]
        u = xp.random.random_sample(shape) * n
        bucket = xp.minimum(u.astype(numpy.int32), n - 1)
        own = (u - bucket) < self.threshold[bucket]
        return xp.where(own, bucket, self.alias[bucket]).astype(numpy.int32, copy=False)

    # v1's per-device names: the array-generic sample serves the tables' device.
    sample_cpu = sample
    sample_gpu = sample

    def __call__(self, shape):
        """Same as :meth:`sample`, so the object can be passed as a ``sampler``."""
        return self.sample(shape)
