"""A dataset cache written by Chainer v1 is read as it is, without a download (issue
13, point 6): the files, keys and dtypes below are those Chainer v1.24 writes under
``$CHAINER_DATASET_ROOT/pfnet/chainer``."""
import numpy
import pytest
import six

from chainer import datasets
from chainer.datasets import cifar, mnist, ptb


@pytest.fixture
def v1_root(dataset_root, monkeypatch):
    """The dataset root, with every way to the network closed."""
    def no_download(*args, **kwargs):
        raise AssertionError('a download was attempted: {}'.format(args))

    monkeypatch.setattr(six.moves.urllib.request, 'urlretrieve', no_download)
    for module in (mnist, cifar, ptb):
        monkeypatch.setattr(module, 'BASE_URLS', ('http://unreachable.invalid/',))
    return dataset_root


def _directory(root, name):
    path = root / 'pfnet' / 'chainer' / name
    path.mkdir(parents=True)
    return path


def _save_as_v1(path, **arrays):
    # v1 saves with numpy.savez_compressed(path, ...) on a path
    numpy.savez_compressed(str(path), **arrays)


def test_get_mnist_reads_the_cache_of_chainer_v1(v1_root):
    rng = numpy.random.RandomState(0)
    directory = _directory(v1_root, 'mnist')
    raw = {}
    for part, n in (('train', 4), ('test', 2)):
        raw[part] = (rng.randint(0, 256, (n, 784)).astype(numpy.uint8),
                     rng.randint(0, 10, n).astype(numpy.uint8))
        _save_as_v1(directory / (part + '.npz'), x=raw[part][0], y=raw[part][1])
    train, test = datasets.get_mnist(ndim=3)
    assert len(train) == 4 and len(test) == 2
    x, t = test[1]
    assert x.shape == (1, 28, 28) and t.dtype == numpy.int32
    numpy.testing.assert_allclose(x.ravel(), raw['test'][0][1] / 255., rtol=1e-6)
    assert t == raw['test'][1][1]


@pytest.mark.parametrize('name, n_classes', [('cifar-10', 10), ('cifar-100', 100)])
def test_get_cifar_reads_the_cache_of_chainer_v1(v1_root, name, n_classes):
    rng = numpy.random.RandomState(0)
    arrays = {}
    for part, n in (('train', 3), ('test', 2)):
        arrays[part + '_x'] = rng.randint(0, 256, (n, 3072)).astype(numpy.uint8)
        arrays[part + '_y'] = rng.randint(0, n_classes, n).astype(numpy.uint8)
    _save_as_v1(_directory(v1_root, 'cifar') / (name + '.npz'), **arrays)
    train, test = getattr(datasets, 'get_' + name.replace('-', ''))(scale=255.)
    assert len(train) == 3 and len(test) == 2
    x, t = train[2]
    assert x.shape == (3, 32, 32)
    numpy.testing.assert_allclose(x.ravel(), arrays['train_x'][2], rtol=1e-6)
    assert t == arrays['train_y'][2]


def test_get_ptb_words_and_vocabulary_read_the_cache_of_chainer_v1(v1_root):
    directory = _directory(v1_root, 'ptb')
    (directory / 'vocab.txt').write_text('<eos>\nthe\ncat\n')
    ids = {'train': [1, 2, 0], 'valid': [2, 0], 'test': [1, 0]}
    for part, x in ids.items():
        _save_as_v1(directory / (part + '.npz'), x=numpy.array(x, dtype=numpy.int32))
    assert datasets.get_ptb_words_vocabulary() == {'<eos>': 0, 'the': 1, 'cat': 2}
    train, valid, test = datasets.get_ptb_words()
    for array, part in ((train, 'train'), (valid, 'valid'), (test, 'test')):
        assert array.dtype == numpy.int32
        numpy.testing.assert_array_equal(array, ids[part])
