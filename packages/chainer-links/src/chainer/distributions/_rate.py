"""What the distributions with one rate parameter (Exponential, Poisson) share."""
import chainer
from chainer import distribution
import chainer.functions as F
from chainer.utils import cache


class Rate(distribution.Distribution):
    """Base of a distribution with the rate :math:`\\lambda` as its only parameter;
    subclasses add the support, density, moments and sampling.

    Args:
        lam (~chainer.Variable or ndarray): the rate :math:`\\lambda > 0`.
    """

    def __init__(self, lam):
        self._lam_arg = lam

    @cache.cached_property
    def lam(self):
        """~chainer.Variable: the rate :math:`\\lambda`."""
        return chainer.as_variable(self._lam_arg)

    @cache.cached_property
    def _log_lam(self):
        return F.log(self.lam)

    @property
    def batch_shape(self):
        return self.lam.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'lam': self.lam}
