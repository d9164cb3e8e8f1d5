"""The Walker alias sampler of the sampling losses, kept on the link's device."""
import numpy

from chainer import link
from chainer import utils


def as_counts(counts):
    """``counts`` as a float64 vector, checked: non-empty, finite, non-negative, with a
    positive sum."""
    counts = numpy.asarray(counts, dtype=numpy.float64)
    if counts.ndim != 1 or counts.size == 0 or not numpy.isfinite(counts).all() or \
            (counts < 0).any() or not counts.sum() > 0:
        raise ValueError('counts must be a non-empty list of non-negative counts with '
                         'a positive sum, got {!r}'.format(counts.tolist()))
    return counts


class SamplingLink(link.Link):
    """Base of the links that draw negative samples from ``sampler``.

    ``sampler`` is a :class:`chainer.utils.WalkerAlias` that follows the link's device,
    as in v1: :meth:`to_cpu` and :meth:`to_gpu` move it, so ``link.sampler.sample(shape)``
    draws where the link's parameters are. Each draw of the link first moves it there
    again, as a copy of the link shares the sampler and may have moved it.
    """

    def _init_sampler(self, probs):
        self.sampler = utils.WalkerAlias(probs)

    def to_cpu(self):
        """Moves the parameters and the sampler to the host."""
        super(SamplingLink, self).to_cpu()
        self._sync_sampler()
        return self

    def to_gpu(self, device=None):
        """Moves the parameters and the sampler to a GPU (the current one by default)."""
        super(SamplingLink, self).to_gpu(device)
        self._sync_sampler()
        return self

    def _sync_sampler(self):
        if self._cpu:
            self.sampler.to_cpu()
            return
        with self.device.create_context():
            self.sampler.to_gpu()

    def _draw(self, shape):
        """Draws int32 samples of ``shape`` on the link's device."""
        self._sync_sampler()
        return self.sampler.sample(shape)
