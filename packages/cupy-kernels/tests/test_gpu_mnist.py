"""End-to-end GPU training of the MNIST MLP (the v1 tutorial's network), GPU only.

The data is MNIST-shaped and generated (784 features, 10 classes, separable), so the test
needs no download; it trains the same model on CPU and GPU from the same initial weights
and checks the GPU run learns and agrees with the CPU run.
"""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import cuda
from chainer.testing import attr

optimizers = pytest.importorskip('chainer.optimizers')


class MLP(chainer.Chain):
    def __init__(self, n_units=50):
        super(MLP, self).__init__(l1=L.Linear(784, n_units), l2=L.Linear(n_units, n_units),
                                  l3=L.Linear(n_units, 10))

    def __call__(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))


def _dataset(n=512):
    rng = numpy.random.RandomState(0)
    centers = rng.uniform(0, 1, (10, 784)).astype(numpy.float32)
    t = rng.randint(0, 10, n).astype(numpy.int32)
    x = centers[t] + rng.normal(0, 0.3, (n, 784)).astype(numpy.float32)
    return x, t


def _train(model, x, t, to_device, epochs=5, batch=64):
    opt = optimizers.SGD(lr=0.1)
    opt.setup(model)
    losses = []
    for _ in range(epochs):
        for i in range(0, len(x), batch):
            xb, tb = to_device(x[i:i + batch]), to_device(t[i:i + batch])
            loss = model(chainer.Variable(xb), chainer.Variable(tb))
            model.cleargrads()
            loss.backward()
            opt.update()
            losses.append(float(cuda.to_cpu(loss.data)))
    return losses


@attr.gpu
def test_mnist_mlp_trains_on_gpu_like_on_cpu():
    x, t = _dataset()
    cpu_model = L.Classifier(MLP())
    gpu_model = cpu_model.copy()
    gpu_model.to_gpu()
    cpu_losses = _train(cpu_model, x, t, lambda a: a)
    gpu_losses = _train(gpu_model, x, t, cuda.to_gpu)
    assert gpu_losses[-1] < gpu_losses[0] * 0.2
    numpy.testing.assert_allclose(gpu_losses, cpu_losses, rtol=1e-2, atol=1e-3)
    gpu_model(chainer.Variable(cuda.to_gpu(x)), chainer.Variable(cuda.to_gpu(t)))
    assert float(cuda.to_cpu(gpu_model.accuracy.data)) > 0.9
