"""Kuzushiji-MNIST (``get_kuzushiji_mnist``): 28x28 grey images of 10 cursive Japanese
characters, in MNIST's IDX gz format."""
import numpy

from chainer.datasets import _idx_digits

#: Mirrors of the files, tried in order (tests point this to a local server).
BASE_URLS = ('http://codh.rois.ac.jp/kmnist/dataset/kmnist/',)

#: The files (no published digest is checked: a damaged file fails to parse).
FILES = {
    'train_x': ('train-images-idx3-ubyte.gz', None),
    'train_y': ('train-labels-idx1-ubyte.gz', None),
    'test_x': ('t10k-images-idx3-ubyte.gz', None),
    'test_y': ('t10k-labels-idx1-ubyte.gz', None),
}

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
    ``test.npz`` under the dataset root (Chainer's cache layout). The arguments and
    the result are those of :func:`~chainer.datasets.get_mnist`.

    Args:
        withlabel (bool): Return (image, label) examples; otherwise only images.
        ndim (int): 1, 2 or 3: images of shape (784,), (28, 28) or (1, 28, 28).
        scale (float): Pixel value scale.
        dtype: Data type of the images (None: float32).
        label_dtype: Data type of the labels.
        rgb_format (bool): With ``ndim=3``, images of shape (3, 28, 28).

    Returns:
        tuple: ``(train, test)``.
    """
    return _idx_digits.get('get_kuzushiji_mnist', 'pfnet/chainer/kuzushiji_mnist',
                           BASE_URLS, FILES, withlabel, ndim, scale, dtype, label_dtype,
                           rgb_format)
