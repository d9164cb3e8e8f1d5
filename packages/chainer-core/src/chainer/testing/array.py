"""Array helpers for tests: ``chainer.testing.array`` (v1 and v7).

:func:`assert_allclose` compares numpy and GPU arrays alike; it is the same function as
:func:`chainer.gradient_check.assert_allclose` (its differences are computed in
float64, its failure message names the worst element and, when verbose, shows both
arrays), reachable under v1's module path.
"""
from chainer import cuda
from chainer.gradient_check import assert_allclose  # noqa: F401

__all__ = ['assert_allclose']


def _as_noncontiguous_array(array):
    """A copy of ``array`` (or of each array of a list or tuple) with the same values
    that is not C-contiguous (every other element of a twice larger buffer); arrays of
    at most one element and None are returned as they are."""
    if isinstance(array, (list, tuple)):
        return type(array)(_as_noncontiguous_array(a) for a in array)
    if array is None or array.size <= 1:
        return array
    xp = cuda.get_array_module(array)
    every_other = (slice(None, None, 2),) * array.ndim
    buffer = xp.empty(tuple(2 * n for n in array.shape), dtype=array.dtype)
    view = buffer[every_other]
    view[...] = array
    assert not view.flags.c_contiguous
    return view
