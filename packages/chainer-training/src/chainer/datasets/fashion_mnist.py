"""Fashion-MNIST (``get_fashion_mnist``): 28x28 grey images of clothes in 10 classes,
in MNIST's IDX gz format."""
import numpy

from chainer.datasets import _idx_digits

#: Mirrors of the files, tried in order (tests point this to a local server).
BASE_URLS = ('http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/',)

#: The files (no published digest is checked: a damaged file fails to parse).
FILES = _idx_digits.unchecked_files()

_LABELS = ('T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat', 'Sandal', 'Shirt',
           'Sneaker', 'Bag', 'Ankle boot')


def get_fashion_mnist_labels():
    """Returns the list of the 10 class names, in label order."""
    return list(_LABELS)


def get_fashion_mnist(withlabel=True, ndim=1, scale=1., dtype=None,
                      label_dtype=numpy.int32, rgb_format=False):
    """Gets Fashion-MNIST (60,000 training and 10,000 test images).

    Downloaded once and cached as ``pfnet/chainer/fashion-mnist/train.npz`` and
    ``test.npz`` under the dataset root (Chainer's cache layout).
    """
    return _idx_digits.get('get_fashion_mnist', 'pfnet/chainer/fashion-mnist', BASE_URLS,
                           FILES, withlabel, ndim, scale, dtype, label_dtype, rgb_format)


get_fashion_mnist.__doc__ = _idx_digits.with_args_doc(get_fashion_mnist.__doc__)
