"""The MNIST-like loaders share their file table and argument documentation."""
import inspect

import pytest

from chainer.datasets import _idx_digits, fashion_mnist, kuzushiji_mnist


@pytest.mark.parametrize('module, title', [
    (fashion_mnist, 'Fashion-MNIST'), (kuzushiji_mnist, 'Kuzushiji-MNIST')])
def test_loader_files_and_doc(module, title):
    assert module.FILES == {
        'train_x': ('train-images-idx3-ubyte.gz', None),
        'train_y': ('train-labels-idx1-ubyte.gz', None),
        'test_x': ('t10k-images-idx3-ubyte.gz', None),
        'test_y': ('t10k-labels-idx1-ubyte.gz', None)}
    getter = getattr(module, 'get_' + module.__name__.split('.')[-1])
    doc = inspect.getdoc(getter)
    assert doc.startswith('Gets %s (60,000' % title)
    assert '\nArgs:\n    withlabel (bool)' in doc and doc.endswith('tuple: ``(train, test)``.')


def test_file_tables_are_separate_dicts():
    assert fashion_mnist.FILES is not kuzushiji_mnist.FILES
    fresh = _idx_digits.unchecked_files()
    fresh['train_x'] = ('other.gz', None)
    assert fashion_mnist.FILES['train_x'][0] == 'train-images-idx3-ubyte.gz'


def test_with_args_doc_keeps_none():
    assert _idx_digits.with_args_doc(None) is None
    doc = _idx_digits.with_args_doc('Head.\n    ')
    assert doc.startswith('Head.\n\nThe arguments and the result are those of')
    assert '\nArgs:\n    withlabel (bool)' in doc and doc.endswith('``(train, test)``.\n')
