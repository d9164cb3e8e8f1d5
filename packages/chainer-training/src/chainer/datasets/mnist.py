"""MNIST hand-written digits (``get_mnist``), downloaded in the IDX gz format."""
import numpy

from chainer.datasets import _idx_digits

#: Mirrors of the original files, tried in order (tests point this to a local server).
BASE_URLS = ('http://yann.lecun.com/exdb/mnist/',
             'https://ossci-datasets.s3.amazonaws.com/mnist/')

#: The files and their published MD5 digests.
FILES = {
    'train_x': ('train-images-idx3-ubyte.gz', 'md5:f68b3c2dcbeaaa9fbdd348bbdeb94873'),
    'train_y': ('train-labels-idx1-ubyte.gz', 'md5:d53e105ee54ea40749a09fcbcd1e9432'),
    'test_x': ('t10k-images-idx3-ubyte.gz', 'md5:9fb629c4189551a2d022fa330f9573f3'),
    'test_y': ('t10k-labels-idx1-ubyte.gz', 'md5:ec29112dd5afa0611ce80d1b7f02629c'),
}


def get_mnist(withlabel=True, ndim=1, scale=1., dtype=numpy.float32, label_dtype=numpy.int32,
              rgb_format=False):
    """Gets the MNIST dataset (60,000 training and 10,000 test 28x28 grey digits).

    The files are downloaded once and converted to an npz cache under the dataset root,
    in Chainer's format so that either reuses the other's cache:
    ``pfnet/chainer/mnist/train.npz`` and ``test.npz``, each with ``x`` (N, 784) and
    ``y`` (N,) uint8. Pixels are scaled to ``[0, scale]``: ``x * scale / 255``.

    Args:
        withlabel (bool): Return (image, label) examples; otherwise only images.
        ndim (int): 1 gives images of shape (784,), 2 gives (28, 28), 3 gives
            (1, 28, 28).
        scale (float): Pixel value scale.
        dtype: Data type of the images (None: float32, as in v7).
        label_dtype: Data type of the labels.
        rgb_format (bool): With ``ndim=3``, images of shape (3, 28, 28), the grey
            value in each channel (v4+).

    Returns:
        tuple: ``(train, test)``: :class:`~chainer.datasets.TupleDataset` objects when
        ``withlabel`` is True, else arrays of images.
    """
    return _idx_digits.get('get_mnist', 'pfnet/chainer/mnist', BASE_URLS, FILES,
                           withlabel, ndim, scale, dtype, label_dtype, rgb_format)
