"""Every pooling function documented in spec 001 §3.4.9 and 003 ("Spatial
pooling") is exported by ``chainer.functions`` and has a test module with a
forward reference, a gradient check and a bad-input check."""
import pathlib

import pytest

import chainer.functions as F

HERE = pathlib.Path(__file__).parent

# documented name -> its test module here
DOCUMENTED = {
    'average_pooling_2d': 'test_average_pooling_2d.py',
    'average_pooling_nd': 'test_average_pooling_nd.py',
    'max_pooling_2d': 'test_max_pooling_2d.py',
    'max_pooling_nd': 'test_max_pooling_nd.py',
    'roi_pooling_2d': 'test_roi_pooling_2d.py',
    'spatial_pyramid_pooling_2d': 'test_spatial_pyramid_pooling_2d.py',
    'unpooling_2d': 'test_unpooling_2d.py',
    'upsampling_2d': 'test_upsampling_2d.py',
}


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_exported(name):
    assert callable(getattr(F, name, None)), 'chainer.functions.{} is missing'.format(name)


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_has_forward_gradient_and_type_tests(name):
    module = HERE / DOCUMENTED[name]
    assert module.is_file(), 'no test module for {}'.format(name)
    source = module.read_text()
    assert 'F.{}('.format(name) in source, '{} does not call F.{}'.format(module, name)
    assert 'def test_forward' in source, '{} has no forward test'.format(module)
    assert 'check_backward' in source, '{} has no gradient check'.format(module)
    assert 'InvalidType' in source, '{} has no bad-input test'.format(module)
