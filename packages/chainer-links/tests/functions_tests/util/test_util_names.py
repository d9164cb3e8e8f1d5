"""Every documented utility function is exported by
``chainer.functions`` and has a test module with a gradient check."""
import pytest

DOCUMENTED = {
    'forget': 'test_forget.py',
}


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_has_gradient_test(name, assert_test_module):
    assert_test_module(DOCUMENTED[name], 'F.{}('.format(name), 'check_backward')
