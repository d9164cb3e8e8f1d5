"""Every noise function documented for Chainer v1.14 and later is exported by
``chainer.functions`` and has a test module with a gradient check."""
import pytest

DOCUMENTED = {
    'dropout': 'test_dropout.py',
    'gaussian': 'test_gaussian.py',
    # v1.24 additions (issue 14)
    'simplified_dropconnect': 'test_simplified_dropconnect.py',
    'zoneout': 'test_zoneout.py',
}


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_has_gradient_test(name, assert_test_module):
    assert_test_module(DOCUMENTED[name], 'F.{}('.format(name), 'check_backward')
