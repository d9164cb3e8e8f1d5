"""Orthogonal initializer (Saxe et al., http://arxiv.org/abs/1312.6120)."""

from chainer import cuda
from chainer.initializers.initializer import Initializer, _check_scale


class Orthogonal(Initializer):
    """Fills an array with ``scale`` times an orthonormal system of row vectors.

    The array is viewed as a matrix of ``shape[0]`` rows (all other axes flattened
    into the columns). A matrix of that shape with standard Gaussian entries is
    decomposed by SVD, ``A = U S V``; its orthonormal factor of the array's shape
    (``V`` of the thin SVD) is written, times ``scale``. A 0-dim array gets
    ``scale``.

    Args:
        scale (float): multiplier of the orthonormal system.
        dtype: data type specifier.

    Raises:
        ValueError: at call time when the array is empty or has more rows than
            columns (more vectors than dimensions).
    """

    def __init__(self, scale=1.1, dtype=None):
        self.scale = _check_scale(scale, 'Orthogonal')
        super(Orthogonal, self).__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        if array.ndim == 0:
            array[...] = self.scale
            return
        if array.size == 0:
            raise ValueError('Orthogonal cannot initialize an empty array (shape '
                             '{})'.format(array.shape))
        rows = array.shape[0]
        cols = array.size // rows
        if rows > cols:
            raise ValueError(
                'Orthogonal needs no more vectors than dimensions: the array of shape '
                '{} has {} vectors of dimension {}'.format(array.shape, rows, cols))
        xp = cuda.get_array_module(array)
        gaussian = xp.random.normal(size=(rows, cols))
        # Thin SVD: v has shape (rows, cols) with orthonormal rows.
        _, _, v = xp.linalg.svd(gaussian, full_matrices=False)
        array[...] = (v * self.scale).reshape(array.shape)
