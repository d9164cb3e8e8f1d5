"""Every documented loss function exists and has a test module with a gradient test."""
import pytest

# The documented "Loss functions"; argmax_crf1d is documented under crf1d.
DOCUMENTED = [
    'bernoulli_nll', 'black_out', 'connectionist_temporal_classification',
    'contrastive', 'crf1d', 'argmax_crf1d', 'cross_covariance',
    'gaussian_kl_divergence', 'gaussian_nll', 'hinge', 'huber_loss',
    'mean_absolute_error', 'mean_squared_error', 'negative_sampling',
    'sigmoid_cross_entropy', 'softmax_cross_entropy', 'triplet',
    # v1.24 additions (issue 14)
    'absolute_error', 'squared_error', 'decov',
]
# names tested in another name's module, or in one module shared with a sibling
TESTED_IN = {
    'argmax_crf1d': 'crf1d',
    'mean_absolute_error': 'mean_errors', 'mean_squared_error': 'mean_errors',
    'absolute_error': 'pointwise_errors', 'squared_error': 'pointwise_errors',
}


@pytest.mark.parametrize('name', DOCUMENTED)
def test_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_has_gradient_test(name, assert_test_module):
    # 'F.<name>,': a module shared by siblings passes the function as a parameter
    assert_test_module('test_{}.py'.format(TESTED_IN.get(name, name)),
                       'check_backward', ('F.{}('.format(name), 'F.{},'.format(name)))
