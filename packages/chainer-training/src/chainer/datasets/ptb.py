"""Penn Tree Bank as long word-ID sequences (``get_ptb_words``) and its vocabulary.

Uses the variant distributed at https://github.com/tomsercu/lstm: plain text files, one
sentence per line; an ``<eos>`` word is appended to each line.

The caches are Chainer v1's, so that either reuses the other's: under
``pfnet/chainer/ptb``, ``vocab.txt`` (one word a line, in ID order) and ``train.npz``,
``valid.npz``, ``test.npz``, each holding the word IDs as ``x`` (int32).
"""
import io
import os

import numpy

from chainer.dataset import download
from chainer.datasets import _retrieve

#: Where the text files are downloaded from (tests point this to a local server).
BASE_URLS = ('https://raw.githubusercontent.com/tomsercu/lstm/master/data/',)

_FILES = {'train': 'ptb.train.txt', 'valid': 'ptb.valid.txt', 'test': 'ptb.test.txt'}
_DIRECTORY = 'pfnet/chainer/ptb'


def get_ptb_words():
    """Gets the Penn Tree Bank dataset as long word sequences.

    Returns:
        tuple of numpy.ndarray: The training, validation and test sets as int32 vectors
        of word IDs (see :func:`get_ptb_words_vocabulary`), sentences joined by
        ``<eos>``.
    """
    return tuple(_retrieve.cache_npz(_DIRECTORY, part + '.npz',
                                     lambda part=part: {'x': _word_ids(part)})['x']
                 for part in ('train', 'valid', 'test'))


def get_ptb_words_vocabulary():
    """Gets the Penn Tree Bank word vocabulary.

    Returns:
        dict: Word to word ID, IDs numbering the words of the training set in order of
        first appearance (``<eos>`` included).
    """
    path = os.path.join(download.get_dataset_directory(_DIRECTORY), 'vocab.txt')
    return download.cache_or_load_file(path, _create_vocabulary, _load_vocabulary)


def _create_vocabulary(path):
    words = _unique_in_order(_load_words('train'))
    with io.open(path, 'w', encoding='utf-8') as f:
        f.write(''.join(word + '\n' for word in words))
    return {word: i for i, word in enumerate(words)}


def _load_vocabulary(path):
    with io.open(path, encoding='utf-8') as f:
        return {line.strip(): i for i, line in enumerate(f)}


def _word_ids(part):
    """The int32 word IDs of the ``part`` file."""
    vocabulary = numpy.array(list(get_ptb_words_vocabulary()))  # ordered by ID
    sorter = numpy.argsort(vocabulary)
    sorted_words = vocabulary[sorter]
    words = _load_words(part)
    # Vectorized dict lookup: binary search in the sorted vocabulary.
    position = numpy.searchsorted(sorted_words, words)
    position[position == len(sorted_words)] = 0
    unknown = sorted_words[position] != words
    if unknown.any():
        raise ValueError('get_ptb_words: {} words of {} are not in the training '
                         'vocabulary, e.g. {!r}'.format(
                             int(unknown.sum()), _FILES[part], words[unknown][0]))
    return sorter[position].astype(numpy.int32)


def _load_words(part):
    """Returns the words of one file as an array of str, with ``<eos>`` after each line."""
    def parse(path):
        with io.open(path, encoding='utf-8') as f:
            words = []
            for line in f:
                words.extend(line.split())
                words.append('<eos>')
        if not words:
            raise ValueError('{} is empty'.format(_FILES[part]))
        return numpy.array(words)

    return _retrieve.parse_download(BASE_URLS, _FILES[part], None, parse)


def _unique_in_order(words):
    """Returns the distinct words of ``words`` in order of first appearance."""
    _, first = numpy.unique(words, return_index=True)
    return [str(w) for w in words[numpy.sort(first)]]
