"""Random matrices with chosen singular values: :func:`generate_matrix`, for tests of
linear-algebra functions whose accuracy depends on the condition number."""
import numpy


def generate_matrix(shape, dtype=float, **kwargs):
    """generate_matrix(shape, dtype=float, *, singular_values)

    Returns a random matrix (or a stack of matrices) with the given singular values.

    A random Gaussian matrix is decomposed by SVD and rebuilt with ``singular_values``
    in place of its own, so the singular vectors are random and orthonormal.

    Args:
        shape (tuple of int): ``(B..., M, N)``: at least two axes.
        dtype: a float or complex dtype.
        singular_values (array-like): real, non-negative, broadcastable to
            ``(B..., min(M, N))``.

    Returns:
        numpy.ndarray: of ``shape`` and ``dtype``.

    Raises:
        TypeError: ``singular_values`` missing or not real, an unknown keyword, or a
            dtype that is not float or complex.
        ValueError: fewer than two axes, a negative singular value, or singular
            values that do not broadcast.
    """
    if 'singular_values' not in kwargs:
        raise TypeError('generate_matrix needs singular_values')
    singular_values = kwargs.pop('singular_values')
    if kwargs:
        raise TypeError('generate_matrix got unexpected keyword arguments: {}'.format(
            ', '.join(sorted(kwargs))))
    shape = tuple(shape)
    if len(shape) < 2:
        raise ValueError('a matrix shape needs at least two axes, got {}'.format(shape))
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'fc':
        raise TypeError('generate_matrix makes float or complex matrices, not '
                        '{}'.format(dtype))
    if singular_values is None:
        raise TypeError('singular_values must be given')
    singular_values = numpy.asarray(singular_values)
    if not numpy.isrealobj(singular_values):
        raise TypeError('singular_values must be real')
    if (singular_values < 0).any():
        raise ValueError('singular values must not be negative')
    k = min(shape[-2:])
    values = numpy.broadcast_to(singular_values, shape[:-2] + (k,))
    if 0 in shape:
        return numpy.empty(shape, dtype=dtype)
    a = numpy.random.randn(*shape)
    if dtype.kind == 'c':
        a = a + 1j * numpy.random.randn(*shape)
    u, _, vh = numpy.linalg.svd(a, full_matrices=False)
    return numpy.einsum('...ik,...k,...kj->...ij', u, values, vh).astype(dtype)


#: Broadcasting as :func:`generate_matrix` applies it to the singular values (tests
#: of generated matrices compare against it).
_broadcast_to = numpy.broadcast_to
