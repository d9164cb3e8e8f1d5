"""Gaussian initializers: Normal, LeCunNormal, GlorotNormal, HeNormal."""
import numpy

from chainer.initializers._random import fill_random
from chainer.initializers.initializer import Initializer, _check_scale, get_fans


class Normal(Initializer):
    """Fills an array with samples of N(0, scale^2).

    Args:
        scale (float): standard deviation.
        dtype: data type specifier.
        rng: random number generator (``numpy.random.RandomState`` or one of cupy)
            the samples come from; None (default) uses the global one of the array's
            module.
    """

    def __init__(self, scale=0.05, dtype=None, *, rng=None):
        self.scale = _check_scale(scale, type(self).__name__)
        self.rng = rng
        super(Normal, self).__init__(dtype)

    def _std(self, shape):
        return self.scale

    def __call__(self, array):
        self._check_dtype(array)
        fill_random(array, 'normal', 0.0, self._std(array.shape), rng=self.rng)


class LeCunNormal(Normal):
    """Fills an array with N(0, s^2), ``s = scale * sqrt(1 / fan_in)``.

    Reference: LeCun 98, Efficient Backprop.
    """

    def __init__(self, scale=1.0, dtype=None, *, rng=None):
        super(LeCunNormal, self).__init__(scale, dtype, rng=rng)

    def _std(self, shape):
        fan_in, _ = get_fans(shape)
        return self.scale * numpy.sqrt(1.0 / fan_in)


class GlorotNormal(Normal):
    """Fills an array with N(0, s^2), ``s = scale * sqrt(2 / (fan_in + fan_out))``.

    Reference: Glorot & Bengio, AISTATS 2010.
    """

    def __init__(self, scale=1.0, dtype=None, *, rng=None):
        super(GlorotNormal, self).__init__(scale, dtype, rng=rng)

    def _std(self, shape):
        fan_in, fan_out = get_fans(shape)
        return self.scale * numpy.sqrt(2.0 / (fan_in + fan_out))


class HeNormal(Normal):
    """Fills an array with N(0, s^2), ``s = scale * sqrt(2 / fan)``.

    ``fan`` is ``fan_in`` (see :func:`~chainer.initializers.get_fans`) by default;
    with v7's ``fan_option='fan_out'`` it is v7's fan out, the output axis times the
    kernel size (``shape[0] * shape[2] * shape[3] * ...``).

    Reference: He et al., http://arxiv.org/abs/1502.01852

    Args:
        scale (float): multiplier of the standard deviation.
        dtype: data type specifier.
        fan_option (str): ``'fan_in'`` or ``'fan_out'``.
        rng: random number generator (see :class:`Normal`).
    """

    def __init__(self, scale=1.0, dtype=None, fan_option='fan_in', *, rng=None):
        if fan_option not in ('fan_in', 'fan_out'):
            raise ValueError("fan_option must be 'fan_in' or 'fan_out', got "
                             "{!r}".format(fan_option))
        self.fan_option = fan_option
        super(HeNormal, self).__init__(scale, dtype, rng=rng)

    def _std(self, shape):
        fan_in, fan_out = get_fans(shape)
        if self.fan_option == 'fan_out':  # v7's: receptive field included
            fan = fan_out * int(numpy.prod(shape[2:], dtype=numpy.int64))
        else:
            fan = fan_in
        return self.scale * numpy.sqrt(2.0 / fan)
