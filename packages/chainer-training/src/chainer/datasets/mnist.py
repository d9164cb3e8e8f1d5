"""MNIST hand-written digits (``get_mnist``), downloaded in the IDX gz format."""
import gzip

import numpy

from chainer.datasets import _retrieve

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

_IMAGE_SHAPES = {1: (784,), 2: (28, 28), 3: (1, 28, 28)}
_IDX_UBYTE = 0x08


def get_mnist(withlabel=True, ndim=1, scale=1., dtype=numpy.float32,
              label_dtype=numpy.int32):
    """Gets the MNIST dataset (60,000 training and 10,000 test 28x28 grey digits).

    The files are downloaded once and converted to an npz cache under the dataset root,
    in Chainer v1's format so that either reuses the other's cache:
    ``pfnet/chainer/mnist/train.npz`` and ``test.npz``, each with ``x`` (N, 784) and
    ``y`` (N,) uint8. Pixels are scaled to ``[0, scale]``: ``x * scale / 255``.

    Args:
        withlabel (bool): Return (image, label) examples; otherwise only images.
        ndim (int): 1 gives images of shape (784,), 2 gives (28, 28), 3 gives
            (1, 28, 28).
        scale (float): Pixel value scale.
        dtype: Data type of the images.
        label_dtype: Data type of the labels.

    Returns:
        tuple: ``(train, test)``: :class:`~chainer.datasets.TupleDataset` objects when
        ``withlabel`` is True, else arrays of images.
    """
    shape = _retrieve.image_shape(ndim, _IMAGE_SHAPES, 'get_mnist')
    datasets = []
    for part in ('train', 'test'):
        raw = _retrieve.cache_npz('pfnet/chainer/mnist', part + '.npz',
                                  lambda part=part: _download_part(part))
        datasets.append(_retrieve.image_dataset(raw['x'], raw['y'], shape, withlabel,
                                                scale, dtype, label_dtype))
    return tuple(datasets)


def _download_part(part):
    """The ``x`` (N, 784) and ``y`` (N,) uint8 arrays of the ``part`` set."""
    images = _download_idx(part + '_x', (28, 28))
    labels = _download_idx(part + '_y', ())
    if len(images) != len(labels):
        raise ValueError('get_mnist: the {} set has {} images but {} labels'.format(
            part, len(images), len(labels)))
    return {'x': images.reshape(len(images), -1), 'y': labels}


def _download_idx(name, item_shape):
    filename, checksum = FILES[name]
    return _retrieve.parse_download(BASE_URLS, filename, checksum,
                                    lambda path: _read_idx_gz(path, item_shape))


def _read_idx_gz(path, item_shape):
    """Reads a gzipped IDX file of unsigned bytes whose items have ``item_shape``.

    IDX layout: two zero bytes, the type code (0x08 for unsigned byte), the number of
    dimensions, one big-endian uint32 per dimension, then the data in C order.
    """
    with gzip.open(path, 'rb') as f:
        raw = f.read()
    if len(raw) < 4 or raw[:2] != b'\0\0' or raw[2] != _IDX_UBYTE:
        raise ValueError('not an IDX file of unsigned bytes')
    ndim = raw[3]
    header = 4 + 4 * ndim
    dims = tuple(int(d) for d in numpy.frombuffer(raw[4:header], dtype='>u4'))
    if len(dims) != ndim or dims[1:] != tuple(item_shape):
        raise ValueError('IDX items have shape {}, expected {}'.format(dims[1:], item_shape))
    if len(raw) != header + int(numpy.prod(dims)):
        raise ValueError('IDX data has {} bytes, its header announces {}'.format(
            len(raw) - header, int(numpy.prod(dims))))
    return numpy.frombuffer(raw, dtype=numpy.uint8, offset=header).reshape(dims)
