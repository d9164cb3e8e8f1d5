import numpy
import pytest

from chainer import datasets
from chainer.datasets import _retrieve, ptb

TRAIN = 'the cat sat\non the mat\n'
VALID = 'the mat\n'
TEST = 'cat on\nthe\n'


@pytest.fixture
def ptb_server(file_server, dataset_root, monkeypatch):
    file_server.files.update({'ptb.train.txt': TRAIN.encode(),
                              'ptb.valid.txt': VALID.encode(),
                              'ptb.test.txt': TEST.encode()})
    monkeypatch.setattr(ptb, 'BASE_URLS', (file_server.url,))
    return file_server, dataset_root


def test_real_url_is_configured():
    assert ptb.BASE_URLS == ('https://raw.githubusercontent.com/tomsercu/lstm/master/data/',)


def test_vocabulary_in_order_of_first_appearance(ptb_server):
    vocab = datasets.get_ptb_words_vocabulary()
    assert vocab == {'the': 0, 'cat': 1, 'sat': 2, '<eos>': 3, 'on': 4, 'mat': 5}
    assert datasets.get_ptb_words_vocabulary() == vocab  # loaded from the cache


def test_words_with_eos_per_line(ptb_server):
    server, root = ptb_server
    train, valid, test = datasets.get_ptb_words()
    for array in (train, valid, test):
        assert array.dtype == numpy.int32
    vocab = datasets.get_ptb_words_vocabulary()
    ids = [vocab[w] for w in 'the cat sat <eos> on the mat <eos>'.split()]
    numpy.testing.assert_array_equal(train, ids)
    numpy.testing.assert_array_equal(valid, [0, 5, 3])
    numpy.testing.assert_array_equal(test, [1, 4, 3, 0, 3])
    requests = len(server.requests)
    datasets.get_ptb_words()
    assert len(server.requests) == requests
    assert (root / 'pfnet' / 'chainer' / 'ptb' / 'train.npz').exists()


def test_get_ptb_words_writes_the_cache_files_and_keys_of_chainer_v1(ptb_server):
    _, root = ptb_server
    expected = dict(zip(('train', 'valid', 'test'), datasets.get_ptb_words()))
    directory = root / 'pfnet' / 'chainer' / 'ptb'
    for part, ids in expected.items():
        with numpy.load(str(directory / (part + '.npz'))) as npz:
            assert npz.files == ['x'] and npz['x'].dtype == numpy.int32
            numpy.testing.assert_array_equal(npz['x'], ids)
    assert (directory / 'vocab.txt').read_text().split('\n')[:4] == [
        'the', 'cat', 'sat', '<eos>']


def test_unknown_word_is_an_error_and_not_cached(ptb_server):
    server, root = ptb_server
    server.files['ptb.test.txt'] = b'dog\n'
    with pytest.raises(ValueError, match='not in the training vocabulary'):
        datasets.get_ptb_words()
    assert not (root / 'pfnet' / 'chainer' / 'ptb' / 'test.npz').exists()


def test_binary_garbage_is_detected(ptb_server):
    server, root = ptb_server
    server.files['ptb.train.txt'] = b'\xff\xfe\x00garbage'
    with pytest.raises(_retrieve.CorruptDownloadError):
        datasets.get_ptb_words_vocabulary()
    assert not (root / 'pfnet' / 'chainer' / 'ptb' / 'vocab.txt').exists()
