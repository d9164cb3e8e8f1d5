"""Every documented math function exists in chainer.functions and has its tests.

The names are the "Mathematical functions" lists of spec 001 §3.4.6 and of 003, plus
``average``/``mean`` (issue 4). ``tanh`` is tested with the activation functions.
"""
import os

import pytest

import chainer.functions as F

DOCUMENTED = [
    'arccos', 'arcsin', 'arctan', 'argmax', 'argmin', 'average', 'batch_inv',
    'batch_l2_norm_squared', 'batch_matmul', 'bias', 'ceil', 'clip', 'cos', 'cosh',
    'exp', 'floor', 'identity', 'inv', 'linear_interpolate', 'log', 'log10', 'log1p',
    'log2', 'logsumexp', 'matmul', 'max', 'maximum', 'mean', 'min', 'minimum', 'rsqrt',
    'scale', 'sin', 'sinh', 'sqrt', 'square', 'squared_difference', 'sum', 'tan',
]

#: outputs that are indices or piecewise constant: tested for having no gradient
NOT_DIFFERENTIABLE = {'argmax', 'argmin', 'ceil', 'floor'}

#: names tested together with their counterpart, in one module
TEST_MODULE = {
    'argmax': 'argmax_argmin', 'argmin': 'argmax_argmin', 'max': 'max_min', 'min': 'max_min',
    'maximum': 'maximum_minimum', 'minimum': 'maximum_minimum',
}

_HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.mark.parametrize('name', DOCUMENTED)
def test_documented_name_is_exported(name):
    assert callable(getattr(F, name, None)), 'chainer.functions.{} is missing'.format(name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_documented_name_has_tests(name):
    path = os.path.join(_HERE, 'test_{}.py'.format(TEST_MODULE.get(name, name)))
    assert os.path.exists(path), 'no test module for {}'.format(name)
    with open(path) as f:
        source = f.read()
    assert 'F.{}('.format(name) in source or 'F.{},'.format(name) in source
    if name in NOT_DIFFERENTIABLE:
        assert 'grad is None' in source or 'differentiable=False' in source
    else:
        assert 'check_backward(' in source or 'check_unary(' in source, \
            'no gradient test for {}'.format(name)


def test_basic_math_module_is_importable():
    import chainer.functions.math.basic_math  # noqa: F401
