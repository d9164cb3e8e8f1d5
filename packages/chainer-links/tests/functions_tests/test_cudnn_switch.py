"""Whether a GPU call takes its cuDNN path: Chainer v1's ``use_cudnn`` argument (an
explicit bool wins) and v2+'s ``chainer.config.use_cudnn`` (decides when the argument
is not given)."""
import inspect

import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import cuda
from chainer.functions import _cudnn


@pytest.fixture
def cudnn_present(monkeypatch):
    monkeypatch.setattr(cuda, 'cudnn_enabled', True)


@pytest.mark.parametrize('setting,expected', [('always', True), ('auto', True),
                                              ('never', False)])
def test_the_configuration_decides_without_an_argument(cudnn_present, setting, expected):
    with chainer.using_config('use_cudnn', setting):
        assert _cudnn.enabled() is expected
        assert _cudnn.enabled(None) is expected


@pytest.mark.parametrize('setting', ['always', 'auto', 'never'])
def test_an_explicit_bool_wins(cudnn_present, setting):
    with chainer.using_config('use_cudnn', setting):
        assert _cudnn.enabled(True) is True
        assert _cudnn.enabled(False) is False


def test_nothing_without_cudnn(monkeypatch):
    monkeypatch.setattr(cuda, 'cudnn_enabled', False)
    assert _cudnn.enabled(True) is False
    with chainer.using_config('use_cudnn', 'always'):
        assert _cudnn.enabled() is False


def test_the_default_configuration_asks_for_cudnn_as_v1_did(cudnn_present):
    assert chainer.config.use_cudnn == 'auto'
    assert _cudnn.enabled() is True


@pytest.mark.parametrize('obj', [F.relu, F.convolution_2d, F.max_pooling_2d,
                                 F.batch_normalization, F.softmax_cross_entropy,
                                 L.Convolution2D, L.BatchNormalization])
def test_functions_and_links_default_to_the_configuration(obj):
    params = inspect.signature(obj).parameters
    assert params['use_cudnn'].default is None


def test_links_pass_none_down_so_the_configuration_is_read_at_each_call():
    link = L.Convolution2D(1, 1, 1)
    assert link.use_cudnn is None
    assert L.Convolution2D(1, 1, 1, use_cudnn=False).use_cudnn is False
