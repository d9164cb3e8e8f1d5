"""Every documented loss function exists and has a test module with a gradient test."""
import os

import pytest

import chainer.functions as F

# spec 003 "Loss functions" and 001 §3.4.5; argmax_crf1d is documented under crf1d.
DOCUMENTED = [
    'bernoulli_nll', 'black_out', 'connectionist_temporal_classification',
    'contrastive', 'crf1d', 'argmax_crf1d', 'cross_covariance',
    'gaussian_kl_divergence', 'gaussian_nll', 'hinge', 'huber_loss',
    'mean_absolute_error', 'mean_squared_error', 'negative_sampling',
    'sigmoid_cross_entropy', 'softmax_cross_entropy', 'triplet',
]
# names tested in another name's module
TESTED_IN = {'argmax_crf1d': 'crf1d'}
HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.mark.parametrize('name', DOCUMENTED)
def test_exported(name):
    assert callable(getattr(F, name, None)), 'chainer.functions.{} is missing'.format(
        name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_has_gradient_test(name):
    path = os.path.join(HERE, 'test_{}.py'.format(TESTED_IN.get(name, name)))
    assert os.path.exists(path), 'no test module for {}'.format(name)
    with open(path) as f:
        source = f.read()
    assert 'check_backward' in source and 'F.{}('.format(name) in source, \
        '{} has no gradient test'.format(name)
