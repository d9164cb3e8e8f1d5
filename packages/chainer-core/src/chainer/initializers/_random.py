"""Shared sampling helper of the random initializers."""
from chainer import cuda


def fill_random(array, distribution, *args, rng=None):
    """Fills ``array`` in place with samples of ``<random state>.<distribution>(*args)``.

    Without ``rng`` the samples come from the global random state of numpy (or cupy
    for GPU arrays), so ``numpy.random.seed`` makes them reproducible. With ``rng``
    (Chainer v7: any object with numpy's ``RandomState`` methods, on any device) they
    come from it and are copied to the array's device.
    """
    if rng is None:
        xp = cuda.get_array_module(array)
        sampler = getattr(xp.random, distribution)
        array[...] = sampler(*args, size=array.shape)
        return
    from chainer import backend  # lazily: ``import chainer`` stays light
    samples = getattr(rng, distribution)(*args, size=array.shape)
    backend.copyto(array, samples.astype(array.dtype, copy=False))
