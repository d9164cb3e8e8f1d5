"""Every documented math function exists in chainer.functions and has its tests.

The names are the documented "Mathematical functions" of Chainer v1.14 and later, plus
``average``/``mean`` (issue 4) and the v1.24 additions ``det``/``batch_det``, ``expm1``,
``fmod`` (issue 14). ``tanh`` is tested with the activation functions.
"""
import pytest

DOCUMENTED = [
    'arccos', 'arcsin', 'arctan', 'argmax', 'argmin', 'average', 'batch_det',
    'batch_inv', 'batch_l2_norm_squared', 'batch_matmul', 'bias', 'ceil', 'clip', 'cos',
    'cosh', 'det', 'exp', 'expm1', 'floor', 'fmod', 'identity', 'inv', 'linear_interpolate',
    'log', 'log10', 'log1p',
    'log2', 'logsumexp', 'matmul', 'max', 'maximum', 'mean', 'min', 'minimum', 'rsqrt',
    'scale', 'sin', 'sinh', 'sqrt', 'square', 'squared_difference', 'sum', 'tan',
]

#: outputs that are indices: tested for having no gradient
NOT_DIFFERENTIABLE = {'argmax', 'argmin'}

#: piecewise constant outputs: tested for their zero gradient
PIECEWISE_CONSTANT = {'ceil', 'floor'}

#: names tested together with their counterpart, in one module
TEST_MODULE = {
    'argmax': 'argmax_argmin', 'argmin': 'argmax_argmin', 'max': 'max_min', 'min': 'max_min',
    'maximum': 'maximum_minimum', 'minimum': 'maximum_minimum', 'batch_det': 'det',
}


@pytest.mark.parametrize('name', DOCUMENTED)
def test_documented_name_is_exported(name, assert_exported):
    assert_exported(name)


@pytest.mark.parametrize('name', DOCUMENTED)
def test_documented_name_has_tests(name, assert_test_module):
    if name in NOT_DIFFERENTIABLE:
        backward = ('grad is None', 'differentiable=False')
    elif name in PIECEWISE_CONSTANT:
        backward = ('piecewise_constant=True',)
    else:
        backward = ('check_backward(', 'check_unary(')
    assert_test_module('test_{}.py'.format(TEST_MODULE.get(name, name)),
                       ('F.{}('.format(name), 'F.{},'.format(name)), backward)


def test_basic_math_module_is_importable():
    import chainer.functions.math.basic_math  # noqa: F401


#: the lower-case node labels Chainer v1 gives its math functions
V1_LABELS = ['arccos', 'arcsin', 'arctan', 'ceil', 'cos', 'cosh', 'exp', 'expm1', 'floor',
             'fmod', 'log', 'log10', 'log1p', 'log2', 'sin', 'sinh', 'sqrt', 'square',
             'tan']


@pytest.mark.parametrize('name', V1_LABELS)
def test_function_label_is_the_v1_lower_case_name(name):
    import chainer.functions as F

    cls = {'log10': 'Log10', 'log1p': 'Log1p', 'log2': 'Log2'}.get(name, name.capitalize())
    assert getattr(F, cls)().label == name
