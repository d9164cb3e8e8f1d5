"""Every documented array function exists in chainer.functions and has its tests.

The names are the "Array manipulations" lists of spec 001 §3.4.2 and of 003.
"""
import os

import pytest

import chainer.functions as F

DOCUMENTED = [
    'broadcast', 'broadcast_to', 'cast', 'concat', 'copy', 'dstack', 'expand_dims',
    'flatten', 'fliplr', 'flipud', 'get_item', 'hstack', 'permutate', 'reshape',
    'rollaxis', 'select_item', 'separate', 'split_axis', 'squeeze', 'stack',
    'swapaxes', 'tile', 'transpose', 'transpose_sequence', 'vstack', 'where',
]

#: names tested in the module of a sibling function
TEST_MODULE = {'broadcast_to': 'broadcast'}

_HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.mark.parametrize('name', DOCUMENTED)
def test_documented_name_is_exported(name):
    assert callable(getattr(F, name, None)), 'chainer.functions.{} is missing'.format(name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_documented_name_has_forward_and_gradient_tests(name):
    path = os.path.join(_HERE, 'test_{}.py'.format(TEST_MODULE.get(name, name)))
    assert os.path.exists(path), 'no test module for {}'.format(name)
    with open(path) as f:
        source = f.read()
    assert 'F.{}('.format(name) in source or 'F.{},'.format(name) in source
    assert 'check_backward(' in source, 'no gradient test for {}'.format(name)
    assert 'InvalidType' in source or 'Error' in source, 'no bad-input test for ' + name
