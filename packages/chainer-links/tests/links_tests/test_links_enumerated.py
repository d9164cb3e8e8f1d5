"""Every documented link (v1.14's links and the link counterparts of the documented
functions) is in chainer.links, listed by its category, and exercised by a link test."""
import inspect
import pathlib
import re

import pytest

import chainer
import chainer.links as L

LINKS = {
    'connection': [
        'Bias', 'Bilinear', 'Convolution2D', 'ConvolutionND', 'Deconvolution2D',
        'DeconvolutionND', 'DilatedConvolution2D', 'EmbedID', 'GRU', 'StatefulGRU',
        'Highway', 'Inception', 'InceptionBN', 'Linear', 'LSTM', 'StatelessLSTM',
        'StatefulPeepholeLSTM', 'NStepLSTM', 'MLPConvolution2D', 'Scale', 'Parameter',
        # v1.24 additions (issue #14)
        'NStepBiLSTM', 'NStepGRU', 'NStepBiGRU', 'NStepRNNTanh', 'NStepRNNReLU',
        'NStepBiRNNTanh', 'NStepBiRNNReLU', 'DepthwiseConvolution2D', 'StatefulZoneoutLSTM',
        # v5+ (issue 26)
        'Convolution1D', 'Convolution3D', 'Deconvolution1D', 'Deconvolution3D',
        'LocalConvolution2D', 'DeformableConvolution2D',
        # v3+ recurrent links (issue 26)
        'ChildSumTreeLSTM', 'NaryTreeLSTM', 'StatelessGRU', 'StatefulMGU', 'StatelessMGU'],
    'normalization': ['BatchNormalization', 'LayerNormalization',
                      # v2+ (issue 25)
                      'BatchRenormalization',
                      # v5+ (issue 26)
                      'GroupNormalization', 'DecorrelatedBatchNormalization'],
    'loss': ['BinaryHierarchicalSoftmax', 'BlackOut', 'CRF1d', 'NegativeSampling'],
    'activation': ['PReLU', 'Maxout', 'SimplifiedDropconnect',
                   # v4+ (issue 26)
                   'Swish'],
    'model': ['Classifier',
              # v1.24 additions (issue #14): chainer.links.model.vision
              'GoogLeNet', 'ResNet50Layers', 'ResNet101Layers', 'ResNet152Layers',
              'VGG16Layers',
              # v2+
              'VGG19Layers'],
}
ALL = sorted((category, name) for category, names in LINKS.items() for name in names)
HERE = pathlib.Path(__file__).parent


def _test_sources(category):
    return {path: path.read_text() for path in (HERE / category).glob('test_*.py')}


@pytest.mark.parametrize('category,name', ALL)
def test_link_is_exported_and_listed_by_its_category(category, name):
    assert hasattr(L, name), 'chainer.links lacks {}'.format(name)
    cls = getattr(L, name)
    assert inspect.isclass(cls) and issubclass(cls, chainer.Link)
    module = __import__('chainer.links.' + category, fromlist=['__all__'])
    assert name in module.__all__
    assert cls.__doc__ and cls.__call__.__doc__


@pytest.mark.parametrize('category,name', ALL)
def test_link_has_tests(category, name):
    # A test module of the category constructs the link (``L.Name(``) and checks
    # its output against a reference (an assertion on numbers in the same module).
    pattern = re.compile(r'\bL\.{}\('.format(name))
    users = [path for path, text in _test_sources(category).items()
             if pattern.search(text)]
    assert users, '{} has no test in links_tests/{}'.format(name, category)
    assert any('assert_allclose' in _test_sources(category)[p] or
               'assert_array_equal' in _test_sources(category)[p] for p in users)


def test_no_unlisted_public_link():
    exported = {n for n in dir(L) if inspect.isclass(getattr(L, n)) and
                issubclass(getattr(L, n), chainer.Link)}
    assert exported == {name for _, name in ALL}
