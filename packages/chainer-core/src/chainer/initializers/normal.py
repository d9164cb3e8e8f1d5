"""Gaussian initializers: Normal, LeCunNormal, GlorotNormal, HeNormal."""
import numpy

from chainer.initializers._random import fill_random
from chainer.initializers.initializer import Initializer, _check_scale, get_fans


class Normal(Initializer):
    """Fills an array with samples of N(0, scale^2).

    Args:
        scale (float): standard deviation.
        dtype: data type specifier.
    """

    def __init__(self, scale=0.05, dtype=None):
        self.scale = _check_scale(scale, type(self).__name__)
        super(Normal, self).__init__(dtype)

    def _std(self, shape):
        return self.scale

    def __call__(self, array):
        self._check_dtype(array)
        fill_random(array, 'normal', 0.0, self._std(array.shape))


class LeCunNormal(Normal):
    """Fills an array with N(0, s^2), ``s = scale * sqrt(1 / fan_in)``.

    Reference: LeCun 98, Efficient Backprop.
    """

    def __init__(self, scale=1.0, dtype=None):
        super(LeCunNormal, self).__init__(scale, dtype)

    def _std(self, shape):
        fan_in, _ = get_fans(shape)
        return self.scale * numpy.sqrt(1.0 / fan_in)


class GlorotNormal(Normal):
    """Fills an array with N(0, s^2), ``s = scale * sqrt(2 / (fan_in + fan_out))``.

    Reference: Glorot & Bengio, AISTATS 2010.
    """

    def __init__(self, scale=1.0, dtype=None):
        super(GlorotNormal, self).__init__(scale, dtype)

    def _std(self, shape):
        fan_in, fan_out = get_fans(shape)
        return self.scale * numpy.sqrt(2.0 / (fan_in + fan_out))


class HeNormal(Normal):
    """Fills an array with N(0, s^2), ``s = scale * sqrt(2 / fan_in)``.

    Reference: He et al., http://arxiv.org/abs/1502.01852
    """

    def __init__(self, scale=1.0, dtype=None):
        super(HeNormal, self).__init__(scale, dtype)

    def _std(self, shape):
        fan_in, _ = get_fans(shape)
        return self.scale * numpy.sqrt(2.0 / fan_in)
