"""Shared sampling helper of the random initializers."""
from chainer import cuda


def fill_random(array, distribution, *args):
    """Fills ``array`` in place with samples of ``xp.random.<distribution>(*args)``.

    The samples come from the global random state of numpy (or cupy for GPU arrays),
    so ``numpy.random.seed`` makes them reproducible.
    """
    xp = cuda.get_array_module(array)
    sampler = getattr(xp.random, distribution)
    array[...] = sampler(*args, size=array.shape)
