"""Orthogonal initializer (Saxe et al., http://arxiv.org/abs/1312.6120)."""
import numpy

from chainer import cuda
from chainer.initializers.initializer import Initializer, _check_scale

#: What each mode of v7 refuses: (more inputs than outputs, more outputs than inputs).
_MODES = {
    'auto': (False, False),
    'projection': (False, True),
    'embedding': (True, False),
    'basis': (True, True),
}


class Orthogonal(Initializer):
    """Fills an array with ``scale`` times a (semi-)orthogonal matrix.

    The array is viewed as a matrix of ``out = shape[0]`` rows and ``in`` columns (all
    other axes flattened). A matrix of that shape with standard Gaussian entries is
    factored by QR (of its transpose when it is wide) with the signs fixed so that
    ``R``'s diagonal is non-negative, which makes ``Q`` uniformly (Haar) distributed;
    ``scale * Q`` is written. Its rows are orthonormal when ``out <= in``, its columns
    when ``out > in``. A 0-dim array gets ``scale`` (with a mode given, as in v7,
    ``scale`` or ``-scale`` at random).

    Args:
        scale (float): multiplier of the orthogonal matrix.
        dtype: data type specifier.
        mode (str): which shapes are accepted: ``'projection'`` (``out <= in``,
            orthonormal rows), ``'embedding'`` (``out >= in``, orthonormal columns),
            ``'basis'`` (square) or ``'auto'`` (any). None (default) accepts any
            shape, as v7's default ``'auto'`` (Chainer v1 refused tall matrices, so
            v1 code never met them; v7 code such as LSTM initializations relies on
            them); a 0-dim array then gets ``+scale`` as in v1.
        rng: random number generator (``numpy.random.RandomState``) the Gaussian
            matrix comes from; None uses numpy's global one.

    Raises:
        ValueError: for an unknown mode; at call time, for an empty array or a shape
            the mode refuses.
    """

    def __init__(self, scale=1.1, dtype=None, mode=None, *, rng=None):
        self.scale = _check_scale(scale, 'Orthogonal')
        if mode is not None and mode not in _MODES:
            raise ValueError('invalid mode {!r} of Orthogonal: choose one of {}'.format(
                mode, ', '.join(repr(m) for m in _MODES)))
        self.mode = mode
        self.rng = rng
        super(Orthogonal, self).__init__(dtype)

    def _random(self):
        return numpy.random if self.rng is None else self.rng

    def __call__(self, array):
        self._check_dtype(array)
        if array.ndim == 0:
            # v7 (an explicit mode) draws the sign; before v7 it was +scale.
            sign = 1 if self.mode is None else 2 * int(self._random().randint(2)) - 1
            array[...] = self.scale * sign
            return
        if array.size == 0:
            raise ValueError('Orthogonal cannot initialize an empty array (shape '
                             '{})'.format(array.shape))
        out_dim = array.shape[0]
        in_dim = array.size // out_dim
        mode = 'auto' if self.mode is None else self.mode
        refuse_wide, refuse_tall = _MODES[mode]
        if (in_dim > out_dim and refuse_wide) or (in_dim < out_dim and refuse_tall):
            raise ValueError(
                'Orthogonal in mode {!r} cannot initialize the array of shape {}: {} '
                'vectors of dimension {}'.format(mode, array.shape, out_dim, in_dim))
        gaussian = cuda.to_cpu(self._random().normal(size=(out_dim, in_dim)))
        wide = in_dim > out_dim
        q, r = numpy.linalg.qr(gaussian.T if wide else gaussian)
        q = q * numpy.where(numpy.diag(r) < 0, -1.0, 1.0) * self.scale
        if wide:
            q = q.T
        from chainer import backend  # lazily: ``import chainer`` stays light
        backend.copyto(array, q.reshape(array.shape).astype(array.dtype, copy=False))
