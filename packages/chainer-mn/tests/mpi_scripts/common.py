"""Models and data shared by the MPI test programs and the tests that check them."""
import numpy

import chainer
import chainer.links as L

#: Examples per rank and steps of the training checks.
PER_RANK = 8
STEPS = 5


def model_with_rank_values(rank):
    """A chain with float32 and float16 parameters whose gradients are known functions of
    ``rank`` (grad = (rank + 1) * (1 + index of the element) / 7), data = rank."""
    model = chainer.Chain(a=L.Linear(3, 2), b=L.Linear(2, 2))
    model.b.W.data = model.b.W.data.astype(numpy.float16)
    for _, param in sorted(model.namedparams()):
        param.data[...] = rank
        param.grad = rank_grad(rank, param.data.shape, param.data.dtype)
    return model


def rank_grad(rank, shape, dtype):
    size = int(numpy.prod(shape))
    return ((rank + 1) * numpy.arange(1, size + 1) / 7.).reshape(shape).astype(dtype)


def classifier(seed=0):
    """A linear classifier initialized from ``seed`` (each rank starts different)."""
    numpy.random.seed(seed)
    return L.Classifier(L.Linear(4, 5))


def batch(size):
    rng = numpy.random.RandomState(42)
    x = rng.rand(PER_RANK * size, 4).astype(numpy.float32)
    t = rng.randint(0, 5, PER_RANK * size).astype(numpy.int32)
    return x, t
