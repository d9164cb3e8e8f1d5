"""A tiny classification problem and model shared by the training and extension
tests: 4-dimensional points in 3 classes, a one-layer softmax classifier."""
import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import datasets, iterators, optimizers, training

N_IN, N_CLASSES = 4, 3


def dataset(n=24, seed=0):
    rng = numpy.random.RandomState(seed)
    x = rng.normal(size=(n, N_IN)).astype(numpy.float32)
    t = (numpy.arange(n) % N_CLASSES).astype(numpy.int32)
    x[numpy.arange(n), t] += 2  # separable enough to learn
    return datasets.TupleDataset(x, t)


class Model(chainer.Chain):
    """Linear softmax classifier reporting ``loss`` and ``accuracy``."""

    def __init__(self, seed=0):
        super().__init__(l1=L.Linear(N_IN, N_CLASSES))
        rng = numpy.random.RandomState(seed)
        self.l1.W.data[...] = rng.normal(size=self.l1.W.shape)

    def __call__(self, x, t):
        y = self.l1(x)
        loss = F.softmax_cross_entropy(y, t)
        chainer.report({'loss': loss, 'accuracy': F.accuracy(y, t)}, self)
        return loss


def trainer(tmp_path, stop=(2, 'epoch'), batch_size=6, optimizer=None, seed=0):
    """A trainer over :func:`dataset` with SGD (or ``optimizer``): 4 iterations per
    epoch with the defaults."""
    numpy.random.seed(seed)
    model = Model(seed)
    opt = optimizer or optimizers.SGD(lr=0.1)
    opt.setup(model)
    it = iterators.SerialIterator(dataset(), batch_size)
    updater = training.StandardUpdater(it, opt)
    return training.Trainer(updater, stop, out=str(tmp_path))


class FakeUpdater(object):
    """Counts only: what triggers read from an updater."""

    def __init__(self, iters_per_epoch=4):
        self.iteration = 0
        self.iters_per_epoch = iters_per_epoch

    def step(self):
        self.iteration += 1

    @property
    def epoch(self):
        return self.iteration // self.iters_per_epoch

    @property
    def epoch_detail(self):
        return self.iteration / self.iters_per_epoch

    @property
    def is_new_epoch(self):
        return self.iteration > 0 and self.iteration % self.iters_per_epoch == 0


class FakeTrainer(object):
    def __init__(self, iters_per_epoch=4, out='.'):
        self.updater = FakeUpdater(iters_per_epoch)
        self.observation = {}
        self.out = out
        self.elapsed_time = 0.0


def fire_points(trigger, trainer, n):
    """Iterations in 1..n at which ``trigger`` fires."""
    points = []
    for _ in range(n):
        trainer.updater.step()
        if trigger(trainer):
            points.append(trainer.updater.iteration)
    return points
