"""chainer.utils.experimental (v1.24): a FutureWarning that v1 users can silence."""
import warnings

import pytest

import chainer
from chainer import utils


def test_experimental_warns_with_the_api_name():
    with pytest.warns(FutureWarning, match='chainer.foo.C is experimental'):
        utils.experimental('chainer.foo.C')


def test_disable_experimental_feature_warning_silences_it(monkeypatch):
    assert chainer.disable_experimental_feature_warning is False
    monkeypatch.setattr(chainer, 'disable_experimental_feature_warning', True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        utils.experimental('f')
    assert caught == []
