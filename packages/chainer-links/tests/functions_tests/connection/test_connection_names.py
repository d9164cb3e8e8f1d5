"""Every connection function documented for Chainer v1.14 and later ("Neural network
connections") is exported by ``chainer.functions`` and has a test module with a
forward reference, a gradient check and a bad-input check."""
import pytest

# documented name -> its test module here (suffixed: links of the same names have their
# own test modules elsewhere in the suite)
DOCUMENTED = {
    'bilinear': 'test_bilinear_function.py',
    'convolution_2d': 'test_convolution_2d_function.py',
    'convolution_nd': 'test_convolution_nd_function.py',
    'deconvolution_2d': 'test_deconvolution_2d_function.py',
    'deconvolution_nd': 'test_deconvolution_nd_function.py',
    'dilated_convolution_2d': 'test_dilated_convolution_2d_function.py',
    'embed_id': 'test_embed_id_function.py',
    'linear': 'test_linear_function.py',
    'n_step_lstm': 'test_n_step_lstm_function.py',
    # the v1.24 additions (issue #14), one test module for the family
    'n_step_bigru': 'test_n_step_rnn_family_function.py',
    'n_step_bilstm': 'test_n_step_rnn_family_function.py',
    'n_step_birnn': 'test_n_step_rnn_family_function.py',
    'n_step_gru': 'test_n_step_rnn_family_function.py',
    'n_step_rnn': 'test_n_step_rnn_family_function.py',
    'depthwise_convolution_2d': 'test_depthwise_convolution_2d_function.py',
}


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', sorted(DOCUMENTED))
def test_has_forward_gradient_and_type_tests(name, assert_test_module):
    assert_test_module(DOCUMENTED[name], 'F.{}('.format(name), 'def test_forward',
                       'check_backward', 'InvalidType')
