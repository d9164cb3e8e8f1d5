import numpy
import pytest

import chainer
import chainer.links as L
from chainer import serializers
from chainer import testing


def test_training_updates_statistics_and_testing_uses_them():
    link = L.DecorrelatedBatchNormalization(4, groups=2, decay=0.0)
    x = numpy.random.randn(10, 4, 3).astype(numpy.float32)
    link(x)
    assert link.avg_mean.shape == (2, 2) and link.avg_projection.shape == (2, 2, 2)
    with chainer.using_config('train', False):
        y = link(x)
    xc = x - link.avg_mean.reshape(4)[None, :, None]
    testing.assert_allclose(y.data[:, :2], numpy.einsum(
        'ij,njs->nis', link.avg_projection[0], xc[:, :2]), atol=1e-5, rtol=1e-4)


def test_finetune_counts_batches():
    link = L.DecorrelatedBatchNormalization(2, groups=1)
    link(numpy.random.randn(5, 2).astype(numpy.float32), finetune=True)
    assert link.N == 1
    link.start_finetuning()
    assert link.N == 0


def test_bad_groups():
    with pytest.raises(ValueError):
        L.DecorrelatedBatchNormalization(5, groups=2)


def test_serialization_round_trip_and_old_shared_statistics():
    link = L.DecorrelatedBatchNormalization(4, groups=2)
    link(numpy.random.randn(6, 4).astype(numpy.float32))
    target = {}
    link.serialize(serializers.DictionarySerializer(target))
    other = L.DecorrelatedBatchNormalization(4, groups=2)
    other.serialize(serializers.NpzDeserializer(target))
    testing.assert_allclose(other.avg_projection, link.avg_projection)
    old = {'avg_mean': numpy.array([1., 2.], numpy.float32),
           'avg_projection': numpy.eye(2, dtype=numpy.float32) * 3, 'N': numpy.array(0)}
    with pytest.warns(UserWarning):
        other.serialize(serializers.NpzDeserializer(old))
    testing.assert_allclose(other.avg_mean, [[1, 2], [1, 2]])
    testing.assert_allclose(other.avg_projection[1], numpy.eye(2) * 3)
