"""Every documented evaluation function exists and has a test module."""
import os

import pytest

import chainer.functions as F

# spec 003 "Evaluation functions" and 001 §3.4.4 (all non-differentiable)
DOCUMENTED = ['accuracy', 'binary_accuracy', 'classification_summary', 'r2_score']
HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.mark.parametrize('name', DOCUMENTED)
def test_exported(name):
    assert callable(getattr(F, name, None)), 'chainer.functions.{} is missing'.format(
        name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_has_test_module(name):
    path = os.path.join(HERE, 'test_{}.py'.format(name))
    assert os.path.exists(path), 'no test module for {}'.format(name)
    with open(path) as f:
        assert 'F.{}('.format(name) in f.read()
