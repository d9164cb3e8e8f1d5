"""Kuzushiji-MNIST (``get_kuzushiji_mnist``): 28x28 grey images of 10 cursive Japanese
characters, in MNIST's IDX gz format."""
import numpy

from chainer.datasets import _idx_digits

#: Mirrors of the files, tried in order (tests point this to a local server).
BASE_URLS = ('http://codh.rois.ac.jp/kmnist/dataset/kmnist/',)

#: The files (no published digest is checked: a damaged file fails to parse).
FILES = _idx_digits.unchecked_files()

_LABELS = (('o', u'\u304a'), ('ki', u'\u304d'), ('su', u'\u3059'), ('tsu', u'\u3064'),
           ('na', u'\u306a'), ('ha', u'\u306f'), ('ma', u'\u307e'), ('ya', u'\u3084'),
           ('re', u'\u308c'), ('wo', u'\u3092'))


def get_kuzushiji_mnist_labels():
    """Returns the list of the 10 classes as (romanization, character) pairs."""
    return list(_LABELS)


def get_kuzushiji_mnist(withlabel=True, ndim=1, scale=1., dtype=None,
                        label_dtype=numpy.int32, rgb_format=False):
    """Gets Kuzushiji-MNIST (60,000 training and 10,000 test images).

    Downloaded once and cached as ``pfnet/chainer/kuzushiji_mnist/train.npz`` and
    ``test.npz`` under the dataset root (Chainer's cache layout).
    """
    return _idx_digits.get('get_kuzushiji_mnist', 'pfnet/chainer/kuzushiji_mnist',
                           BASE_URLS, FILES, withlabel, ndim, scale, dtype, label_dtype,
                           rgb_format)


get_kuzushiji_mnist.__doc__ = _idx_digits.with_args_doc(get_kuzushiji_mnist.__doc__)
