"""Fixed random inputs, the same in every Chainer environment."""
import numpy


def images(batch, shape, seed=0):
    """float32 batch of inputs in [0, 1) of shape ``(batch,) + shape``."""
    return numpy.random.RandomState(seed).uniform(
        0, 1, (batch,) + tuple(shape)).astype(numpy.float32)


def labels(shape, n_classes, seed=1):
    """int32 labels in ``[0, n_classes)``."""
    return numpy.random.RandomState(seed).randint(
        0, n_classes, shape).astype(numpy.int32)
