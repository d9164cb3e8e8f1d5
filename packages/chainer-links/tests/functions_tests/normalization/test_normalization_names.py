"""Every normalization function documented for Chainer v1.14 and later is exported by
``chainer.functions`` and has a test module with a gradient check."""
import pytest

DOCUMENTED = {
    'batch_normalization': 'test_batch_normalization_function.py',
    'fixed_batch_normalization': 'test_fixed_batch_normalization.py',
    'local_response_normalization': 'test_local_response_normalization.py',
    'normalize': 'test_normalize.py',
}


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_has_gradient_test(name, assert_test_module):
    assert_test_module(DOCUMENTED[name], 'F.{}('.format(name), 'check_backward')
