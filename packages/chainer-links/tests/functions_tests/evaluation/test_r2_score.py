import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _reference(pred, true):
    pred = pred.astype(numpy.float64).reshape(len(pred), -1)
    true = true.astype(numpy.float64).reshape(len(true), -1)
    scores = []
    for j in range(pred.shape[1]):
        res = sum((p - t) ** 2 for p, t in zip(pred[:, j], true[:, j]))
        mean = sum(true[:, j]) / len(true)
        tot = sum((t - mean) ** 2 for t in true[:, j])
        scores.append(1 - res / tot)
    return numpy.array(scores)


@pytest.mark.parametrize('shape', [(6,), (6, 3), (5, 2, 2)])
def test_forward(dtype, shape):
    rng = numpy.random.RandomState(0)
    true = rng.uniform(-1, 1, shape).astype(dtype)
    pred = (true + rng.uniform(-0.3, 0.3, shape)).astype(dtype)
    ref = _reference(pred, true)
    raw = F.r2_score(pred, true, multioutput='raw_values')
    assert raw.data.shape == shape[1:] and raw.data.dtype == dtype
    testing.assert_allclose(raw.data.ravel(), ref, atol=5e-3, rtol=5e-3)
    avg = F.r2_score(pred, true)
    assert avg.data.shape == () and avg.data.dtype == dtype
    testing.assert_allclose(avg.data, numpy.float64(ref.mean()), atol=5e-3, rtol=5e-3)


def test_constant_target():
    true = numpy.ones((4, 2), numpy.float32)
    pred = true.copy()
    pred[0, 1] = 2
    raw = F.r2_score(pred, true, multioutput='raw_values')
    assert raw.data.tolist() == [1.0, 0.0]


def test_bad_types():
    with pytest.raises(type_check.InvalidType):
        F.r2_score(numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 3), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.r2_score(numpy.zeros((3,), numpy.int32), numpy.zeros((3,), numpy.int32))


def test_bad_arguments():
    x = numpy.zeros((3,), numpy.float32)
    with pytest.raises(ValueError, match='sample_weight'):
        F.r2_score(x, x, sample_weight=numpy.ones(3))
    with pytest.raises(ValueError, match='multioutput'):
        F.r2_score(x, x, multioutput='variance_weighted')
