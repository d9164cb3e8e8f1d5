"""Every activation function documented for Chainer v1.14 and later is exported by
``chainer.functions`` and has a test module with a gradient check."""
import pytest

# documented name -> its test module here (suffixed where a link of the same name has
# its own test module elsewhere in the suite)
DOCUMENTED = {
    'clipped_relu': 'test_clipped_relu.py',
    'crelu': 'test_crelu.py',
    'elu': 'test_elu.py',
    'hard_sigmoid': 'test_hard_sigmoid.py',
    'leaky_relu': 'test_leaky_relu.py',
    'log_softmax': 'test_log_softmax.py',
    'lstm': 'test_lstm_function.py',
    'maxout': 'test_maxout_function.py',
    'prelu': 'test_prelu_function.py',
    'relu': 'test_relu.py',
    'sigmoid': 'test_sigmoid.py',
    'slstm': 'test_slstm.py',
    'softmax': 'test_softmax.py',
    'softplus': 'test_softplus.py',
    'tanh': 'test_tanh.py',
}


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_has_gradient_test(name, assert_test_module):
    assert_test_module(DOCUMENTED[name], 'F.{}('.format(name), 'check_backward')
