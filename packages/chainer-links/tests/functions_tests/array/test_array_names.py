"""Every documented array function exists in chainer.functions and has its tests.

The names are the documented "Array manipulations" of Chainer v1.14 and later, and the
v1.24 additions (issue #14).
"""
import pytest

DOCUMENTED = [
    'broadcast', 'broadcast_to', 'cast', 'concat', 'copy', 'depth2space', 'dstack',
    'expand_dims', 'flatten', 'fliplr', 'flipud', 'get_item', 'hstack', 'im2col', 'pad',
    'pad_sequence', 'permutate', 'reshape', 'resize_images', 'rollaxis', 'select_item',
    'separate', 'space2depth', 'spatial_transformer_grid',
    'spatial_transformer_sampler', 'split_axis', 'squeeze', 'stack', 'swapaxes', 'tile',
    'transpose', 'transpose_sequence', 'vstack', 'where',
]

#: names tested in the module of a sibling function
TEST_MODULE = {'broadcast_to': 'broadcast', 'fliplr': 'flip', 'flipud': 'flip'}


@pytest.mark.parametrize('name', DOCUMENTED)
def test_documented_name_is_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_documented_name_has_forward_and_gradient_tests(name, assert_test_module):
    assert_test_module('test_{}.py'.format(TEST_MODULE.get(name, name)),
                       ('F.{}('.format(name), 'F.{},'.format(name)), 'check_backward(',
                       ('InvalidType', 'Error'))
