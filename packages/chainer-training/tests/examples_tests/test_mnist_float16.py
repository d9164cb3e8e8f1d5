"""examples/mnist/train_mnist_float16.py on a small MNIST-like task: float16 with
dynamic loss scaling reaches float32's accuracy (within 0.3 points), and the same
run without scaling loses its gradients to underflow and does not learn."""
import importlib.util
import pathlib

import numpy
import pytest

import chainer
from chainer import datasets

ROOT = pathlib.Path(__file__).resolve().parents[4]
SCRIPT = ROOT / 'examples' / 'mnist' / 'train_mnist_float16.py'


@pytest.fixture(scope='module')
def example():
    spec = importlib.util.spec_from_file_location('train_mnist_float16', str(SCRIPT))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _digits(n, seed, noise=0.5):
    """8x8 'digits': ten fixed binary templates plus noise, clipped to [0, 1]."""
    templates = (numpy.random.RandomState(1234).rand(10, 64) > 0.7).astype('f')
    rng = numpy.random.RandomState(seed)
    t = rng.randint(0, 10, n).astype(numpy.int32)
    x = numpy.clip(templates[t] + noise * rng.randn(n, 64), 0, 1).astype('f')
    return datasets.TupleDataset(x, t)


@pytest.fixture(scope='module')
def runs(example):
    train, test = _digits(1000, 1), _digits(1000, 2)
    return {name: example.train(train, test, dtype, scaling, epochs=10, batchsize=50,
                                n_units=32, loss_weight=2.0 ** -18)
            for name, dtype, scaling in example.RUNS}


def test_float16_with_loss_scaling_reaches_float32_accuracy(runs):
    reference, scaled = runs['float32'], runs['mixed16 + loss scaling']
    assert reference['accuracy'] > 0.9
    assert abs(reference['accuracy'] - scaled['accuracy']) <= 0.003
    # the scale grew to float16's largest value without an overflow
    assert scaled['loss_scale'] == 65504 and scaled['skipped'] == 0
    assert scaled['zero_grads'] < 0.2


def test_without_scaling_the_gradients_underflow(runs):
    plain = runs['mixed16 without scaling']
    assert plain['zero_grads'] > 0.95  # float32 has about 8 % (pixels at 0)
    assert runs['float32']['zero_grads'] < 0.15
    assert plain['accuracy'] < 0.2  # chance is 0.1: it did not learn


def test_the_example_makes_float16_parameters_under_mixed16(example):
    with chainer.using_config('dtype', chainer.mixed16):
        mlp = example.train_mnist.MLP(8, 10, n_in=4)
    assert {p.dtype for p in mlp.params()} == {numpy.dtype(numpy.float16)}
