"""Every documented evaluation function exists and has a test module."""
import pytest

# The documented "Evaluation functions" (all non-differentiable)
DOCUMENTED = ['accuracy', 'binary_accuracy', 'classification_summary', 'r2_score']


@pytest.mark.parametrize('name', DOCUMENTED)
def test_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_has_test_module(name, assert_test_module):
    assert_test_module('test_{}.py'.format(name), 'F.{}('.format(name))
