"""Every normalization function documented in spec 001 §3.4.8 (and 003) is exported by
``chainer.functions`` and has a test module with a gradient check."""
import pathlib

import pytest

import chainer.functions as F

HERE = pathlib.Path(__file__).parent

DOCUMENTED = {
    'batch_normalization': 'test_batch_normalization_function.py',
    'fixed_batch_normalization': 'test_fixed_batch_normalization.py',
    'local_response_normalization': 'test_local_response_normalization.py',
    'normalize': 'test_normalize.py',
}


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_exported(name):
    assert callable(getattr(F, name, None)), 'chainer.functions.{} is missing'.format(name)


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_has_gradient_test(name):
    module = HERE / DOCUMENTED[name]
    assert module.is_file(), 'no test module for {}'.format(name)
    source = module.read_text()
    assert 'F.{}('.format(name) in source, '{} does not call F.{}'.format(module, name)
    assert 'check_backward' in source, '{} has no gradient check'.format(module)
