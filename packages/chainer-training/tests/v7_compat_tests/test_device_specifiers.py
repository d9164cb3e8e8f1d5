"""v4+ device specifiers where v1 took a device id: ``to_device``,
``concat_examples`` and ``StandardUpdater(device=...)``."""
import numpy
import pytest

import chainer
import chainer.links as L
from chainer import iterators, optimizers, training
from chainer.dataset import convert


@pytest.mark.parametrize('device', ['@numpy', chainer.get_device('@numpy'), -1,
                                    numpy.int64(-1)])
def test_to_device_takes_ids_and_specifiers(device):
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    y = convert.to_device(device, x)
    assert isinstance(y, numpy.ndarray)
    numpy.testing.assert_array_equal(y, x)
    batch = [(numpy.ones(2, numpy.float32), numpy.int32(1))] * 3
    xs, ts = convert.concat_examples(batch, device)
    assert xs.shape == (3, 2) and ts.tolist() == [1, 1, 1]


def test_to_device_none_leaves_the_array():
    x = numpy.ones(3)
    assert convert.to_device(None, x) is x


def test_standard_updater_with_a_device_object_trains_on_the_host():
    numpy.random.seed(0)
    model = L.Classifier(L.Linear(2, 2))
    opt = optimizers.SGD(lr=0.1)
    opt.setup(model)
    data = chainer.datasets.TupleDataset(
        numpy.random.randn(8, 2).astype(numpy.float32),
        numpy.arange(8, dtype=numpy.int32) % 2)
    before = model.predictor.W.array.copy()
    updater = training.StandardUpdater(iterators.SerialIterator(data, 4), opt,
                                       device=chainer.get_device('@numpy'))
    updater.update()
    assert updater.iteration == 1
    assert isinstance(model.predictor.W.array, numpy.ndarray)
    assert not numpy.array_equal(model.predictor.W.array, before)
