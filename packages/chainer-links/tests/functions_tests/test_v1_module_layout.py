"""The module layout of ``chainer.functions`` is Chainer v1's (issue #13).

v1 code names a function's module through its category package
(``chainer.functions.connection.convolution_2d.Convolution2DFunction``), imports the
modules that group several functions (``chainer.functions.math.exponential``), and
still uses the parameterized functions that became links (``F.Linear``).
"""
import importlib
import pkgutil
import types
import warnings

import pytest

import chainer.functions as F
import chainer.links as L

CATEGORIES = ['activation', 'array', 'connection', 'evaluation', 'loss', 'math', 'noise',
              'normalization', 'pooling', 'util']


def _public_modules(category):
    package = importlib.import_module('chainer.functions.' + category)
    return [info.name for info in pkgutil.iter_modules(package.__path__)
            if not info.name.startswith('_')]


@pytest.mark.parametrize('category', CATEGORIES)
def test_category_attribute_is_the_module_not_a_function_as_in_v1(category):
    package = importlib.import_module('chainer.functions.' + category)
    for name in _public_modules(category):
        importlib.import_module('chainer.functions.{}.{}'.format(category, name))
        assert isinstance(getattr(package, name), types.ModuleType), \
            'chainer.functions.{}.{} is shadowed by {!r}'.format(
                category, name, getattr(package, name))


@pytest.mark.parametrize('category', CATEGORIES)
def test_category_package_exports_no_function_as_in_v1(category):
    package = importlib.import_module('chainer.functions.' + category)
    exported = [name for name, value in vars(package).items()
                if not name.startswith('_') and not isinstance(value, types.ModuleType)]
    assert exported == []


def test_v1_style_access_through_category_modules():
    from chainer.functions.connection import convolution_2d
    from chainer.functions.connection import linear
    import chainer.functions.normalization.batch_normalization as bn

    assert convolution_2d.Convolution2DFunction is F.Convolution2DFunction
    assert convolution_2d.convolution_2d is F.convolution_2d
    assert linear.LinearFunction is F.LinearFunction
    assert bn.BatchNormalizationFunction is F.BatchNormalizationFunction


#: v1 modules that defined several functions, with the names v1 code imports from them
V1_MODULE_NAMES = {
    'loss.ctc': ['ConnectionistTemporalClassification',
                 'connectionist_temporal_classification'],
    'loss.vae': ['gaussian_kl_divergence', 'bernoulli_nll', 'gaussian_nll'],
    'loss.crf1d': ['crf1d', 'argmax_crf1d'],
    'math.exponential': ['Exp', 'exp', 'Log', 'log', 'Log2', 'log2', 'Log10', 'log10'],
    'math.hyperbolic': ['Cosh', 'cosh', 'Sinh', 'sinh'],
    'math.logarithm_1p': ['Log1p', 'log1p'],
    'math.minmax': ['Max', 'max', 'Min', 'min', 'ArgMax', 'argmax', 'ArgMin', 'argmin'],
    'math.trigonometric': ['Sin', 'sin', 'Cos', 'cos', 'Tan', 'tan', 'Arcsin', 'arcsin',
                           'Arccos', 'arccos', 'Arctan', 'arctan'],
    'math.inv': ['Inv', 'inv', 'BatchInv', 'batch_inv'],
    'math.matmul': ['MatMul', 'matmul', 'BatchMatMul', 'batch_matmul'],
    'math.sqrt': ['Sqrt', 'sqrt', 'rsqrt'],
    'normalization.batch_normalization': ['BatchNormalizationFunction',
                                          'batch_normalization',
                                          'fixed_batch_normalization'],
    'normalization.l2_normalization': ['NormalizeL2', 'normalize'],
}


@pytest.mark.parametrize('module_name', sorted(V1_MODULE_NAMES))
def test_v1_module_holds_the_names_v1_code_imports_from_it(module_name):
    module = importlib.import_module('chainer.functions.' + module_name)
    for name in V1_MODULE_NAMES[module_name]:
        assert getattr(module, name, None) is getattr(F, name), \
            'chainer.functions.{}.{}'.format(module_name, name)


@pytest.mark.parametrize('name', ['basic_math', 'exponential', 'hyperbolic', 'logarithm_1p',
                                  'minmax', 'trigonometric', 'ctc', 'vae',
                                  'l2_normalization', 'array', 'math'])
def test_v1_modules_are_attributes_of_chainer_functions(name):
    assert isinstance(getattr(F, name), types.ModuleType)


#: the links v1.24's chainer.functions still exported under their v1.3 names
LINK_ALIASES = ['BatchNormalization', 'Bilinear', 'BinaryHierarchicalSoftmax',
                'Convolution2D', 'DilatedConvolution2D', 'EmbedID', 'Inception',
                'InceptionBN', 'Linear', 'NegativeSampling', 'Parameter', 'PReLU']


@pytest.mark.parametrize('name', LINK_ALIASES)
def test_v1_parameterized_function_names_are_plain_aliases_of_the_links(name):
    with warnings.catch_warnings():
        warnings.simplefilter('error')  # v1.24 gives no deprecation warning
        assert getattr(F, name) is getattr(L, name)
    assert name in dir(F)


def test_v1_parameterized_function_is_usable_as_in_the_v1_3_tutorial():
    import numpy

    f = F.Linear(3, 2)
    y = f(numpy.zeros((4, 3), dtype=numpy.float32))
    assert y.data.shape == (4, 2)


def test_unknown_attribute_still_raises_attribute_error():
    with pytest.raises(AttributeError):
        F.NoSuchFunction
