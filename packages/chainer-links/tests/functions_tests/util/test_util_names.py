"""Every utility function documented in spec 003 is exported by
``chainer.functions`` and has a test module with a gradient check."""
import pathlib

import pytest

import chainer.functions as F

HERE = pathlib.Path(__file__).parent

DOCUMENTED = {
    'forget': 'test_forget.py',
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
