"""What the location-scale distributions on the real line (Normal, Laplace, Cauchy,
Gumbel) share: their two parameters, shapes and standardized value."""
import chainer
from chainer import distribution
from chainer.distributions import utils
from chainer.utils import cache


class LocationScale(distribution.Distribution):
    """Base of a distribution of ``loc + scale * Z`` for a standard variable ``Z`` on
    the real line; subclasses add the density, moments and sampling.

    Args:
        loc (~chainer.Variable or ndarray): the location.
        scale (~chainer.Variable or ndarray): the scale (positive).
    """

    def __init__(self, loc, scale):
        self._loc_arg = loc
        self._scale_arg = scale

    @cache.cached_property
    def loc(self):
        """~chainer.Variable: the location."""
        return chainer.as_variable(self._loc_arg)

    @cache.cached_property
    def scale(self):
        """~chainer.Variable: the scale."""
        return chainer.as_variable(self._scale_arg)

    @property
    def batch_shape(self):
        return self.loc.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'loc': self.loc, 'scale': self.scale}

    @property
    def support(self):
        return 'real'

    def _z(self, x):
        """The standardized value ``(x - loc) / scale``."""
        return (utils._as_variable(x, self.loc) - self.loc) / self.scale
