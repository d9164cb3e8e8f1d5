"""The batch normalizations share one check of ``eps`` and ``decay``."""
import numpy
import pytest

from chainer.functions.normalization import _channel_params
from chainer.functions.normalization import batch_normalization as bn
from chainer.functions.normalization import batch_renormalization as brn


def _stats():
    return numpy.zeros(2, numpy.float32), numpy.ones(2, numpy.float32)


@pytest.mark.parametrize('decay', [True, 'x', -0.1, 1.5])
def test_bad_decay_refused_by_both(decay):
    mean, var = _stats()
    for make in (lambda: bn.BatchNormalizationFunction(mean=mean, var=var, decay=decay),
                 lambda: brn.BatchRenormalizationFunction(mean=mean, var=var, decay=decay)):
        with pytest.raises(ValueError, match='decay'):
            make()


@pytest.mark.parametrize('eps', [0, -1e-5])
def test_bad_eps_refused_by_all(eps):
    mean, var = _stats()
    for make in (lambda: bn.BatchNormalizationFunction(eps=eps),
                 lambda: brn.BatchRenormalizationFunction(eps=eps, mean=mean, var=var),
                 lambda: bn.FixedBatchNormalization(eps=eps)):
        with pytest.raises(ValueError, match='eps'):
            make()


def test_check_eps_decay_accepts_bounds_and_skips_none_decay():
    _channel_params.check_eps_decay(1e-5, 0)
    _channel_params.check_eps_decay(1e-5, 1)
    _channel_params.check_eps_decay(1e-5)
    with pytest.raises(ValueError, match='decay'):
        _channel_params.check_eps_decay(-1, 2)
