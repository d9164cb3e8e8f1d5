"""Uniform initializers: Uniform, LeCunUniform, GlorotUniform, HeUniform."""
import numpy

from chainer.initializers._random import fill_random
from chainer.initializers.initializer import Initializer, _check_scale, get_fans


class Uniform(Initializer):
    """Fills an array with samples of U[-scale, scale].

    Args:
        scale (float): half-width of the interval.
        dtype: data type specifier.
        rng: random number generator (``numpy.random.RandomState`` or one of cupy)
            the samples come from; None (default) uses the global one of the array's
            module.
    """

    def __init__(self, scale=0.05, dtype=None, *, rng=None):
        self.scale = _check_scale(scale, type(self).__name__)
        self.rng = rng
        super(Uniform, self).__init__(dtype)

    def _bound(self, shape):
        return self.scale

    def __call__(self, array):
        self._check_dtype(array)
        s = self._bound(array.shape)
        fill_random(array, 'uniform', -s, s, rng=self.rng)


class LeCunUniform(Uniform):
    """Fills an array with U[-s, s], ``s = scale * sqrt(3 / fan_in)``.

    Reference: LeCun 98, Efficient Backprop.
    """

    def __init__(self, scale=1.0, dtype=None, *, rng=None):
        super(LeCunUniform, self).__init__(scale, dtype, rng=rng)

    def _bound(self, shape):
        fan_in, _ = get_fans(shape)
        return self.scale * numpy.sqrt(3.0 / fan_in)


class GlorotUniform(Uniform):
    """Fills an array with U[-s, s], ``s = scale * sqrt(6 / (fan_in + fan_out))``.

    Reference: Glorot & Bengio, AISTATS 2010.
    """

    def __init__(self, scale=1.0, dtype=None, *, rng=None):
        super(GlorotUniform, self).__init__(scale, dtype, rng=rng)

    def _bound(self, shape):
        fan_in, fan_out = get_fans(shape)
        return self.scale * numpy.sqrt(6.0 / (fan_in + fan_out))


class HeUniform(Uniform):
    """Fills an array with U[-s, s], ``s = scale * sqrt(6 / fan_in)``.

    Reference: He et al., http://arxiv.org/abs/1502.01852
    """

    def __init__(self, scale=1.0, dtype=None, *, rng=None):
        super(HeUniform, self).__init__(scale, dtype, rng=rng)

    def _bound(self, shape):
        fan_in, _ = get_fans(shape)
        return self.scale * numpy.sqrt(6.0 / fan_in)
