"""Every pooling function documented for Chainer v1.14 and later ("Spatial
pooling"), and the v1.24 additions (issue #14), is exported by ``chainer.functions``
and has a test module with a forward reference, a gradient check and a bad-input
check."""
import pytest

# documented names; each has its test module test_<name>.py here
DOCUMENTED = [
    'average_pooling_2d', 'average_pooling_nd', 'max_pooling_2d', 'max_pooling_nd',
    'roi_pooling_2d', 'spatial_pyramid_pooling_2d', 'unpooling_2d', 'unpooling_nd',
    'upsampling_2d',
]


@pytest.mark.parametrize('name', DOCUMENTED)
def test_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_has_forward_gradient_and_type_tests(name, assert_test_module):
    assert_test_module('test_{}.py'.format(name), 'F.{}('.format(name),
                       'def test_forward', 'check_backward', 'InvalidType')
