"""The Walker alias sampler of the sampling losses, kept on the link's device."""
import numpy

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


class LinkSampler(object):
    """A :class:`chainer.utils.WalkerAlias` over ``probs`` that follows a link's
    device (Link.to_gpu/to_cpu do not know about it, so it is moved when used)."""

    def __init__(self, probs):
        self.alias = utils.WalkerAlias(probs)

    def sample(self, link, shape):
        """Draws int32 samples of ``shape`` on ``link``'s device."""
        if link._cpu:
            self.alias.to_cpu()
        else:
            self.alias.to_gpu()
        return self.alias.sample(shape)
