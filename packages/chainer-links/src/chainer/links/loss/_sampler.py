"""The Walker alias sampler of the sampling losses, kept on the link's device."""
from chainer import utils


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
