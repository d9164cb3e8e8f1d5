"""Links make their parameters in ``chainer.config.dtype`` as Chainer v4+ does
(checked against Chainer 7.8.1): float16 under ``dtype=float16`` for every link;
under ``chainer.mixed16`` float16 too, except the normalization links, which keep
float32 (and their statistics); float32 by default, as in v1."""
import numpy
import pytest

import chainer
import chainer.links as L

_LINKS = {
    'Linear': lambda: L.Linear(3, 4),
    'Convolution2D': lambda: L.Convolution2D(1, 2, 3),
    'EmbedID': lambda: L.EmbedID(3, 4),
    'Bias': lambda: L.Bias(shape=(3,)),
    'Scale': lambda: L.Scale(W_shape=(3,)),
    'LSTM': lambda: L.LSTM(3, 4),
    'DepthwiseConvolution2D': lambda: L.DepthwiseConvolution2D(1, 2, 3),
    'Bilinear': lambda: L.Bilinear(2, 3, 4),
    'BatchNormalization': lambda: L.BatchNormalization(3),
    'BatchRenormalization': lambda: L.BatchRenormalization(3),
    'LayerNormalization': lambda: L.LayerNormalization(3),
}
# what 7.8.1 gives under chainer.mixed16 (under float16 all are float16)
_MIXED16_FLOAT32 = {'BatchNormalization', 'BatchRenormalization'}


def _dtypes(link):
    return {str(p.dtype) for p in link.params()}


@pytest.mark.filterwarnings('ignore::FutureWarning')  # LayerNormalization: experimental
@pytest.mark.parametrize('name', sorted(_LINKS))
def test_parameters_follow_config_dtype(name):
    assert _dtypes(_LINKS[name]()) == {'float32'}
    with chainer.using_config('dtype', numpy.float16):
        assert _dtypes(_LINKS[name]()) == {'float16'}
    with chainer.using_config('dtype', chainer.mixed16):
        expected = 'float32' if name in _MIXED16_FLOAT32 else 'float16'
        assert _dtypes(_LINKS[name]()) == {expected}
