"""CIFAR-10 and CIFAR-100 (``get_cifar10``, ``get_cifar100``) from the binary archives.

The binary ("suitable for C programs") archives are read directly: fixed-size records of
the label byte(s) followed by 3072 pixel bytes (the 1024 red, then green, then blue
values of a 32x32 image in row-major order). No pickle is involved.
"""
import tarfile

import numpy

from chainer.datasets import _retrieve

#: Where the archives are downloaded from (tests point this to a local server).
BASE_URLS = ('https://www.cs.toronto.edu/~kriz/',)

_PIXELS = 3 * 32 * 32
_IMAGE_SHAPES = {1: (_PIXELS,), 3: (3, 32, 32)}

#: name -> archive, published MD5, train members, test members, label bytes, label used.
ARCHIVES = {
    'cifar-10': ('cifar-10-binary.tar.gz', 'md5:c32a1d4ab5d03f1284b67883e8d87530',
                 ['cifar-10-batches-bin/data_batch_{}.bin'.format(i) for i in range(1, 6)],
                 ['cifar-10-batches-bin/test_batch.bin'], 1, 0),
    # CIFAR-100 records carry the coarse then the fine label; the fine one (100 classes)
    # is the label of the dataset.
    'cifar-100': ('cifar-100-binary.tar.gz', 'md5:03b5dce01913d631647c71ecec9e9cb8',
                  ['cifar-100-binary/train.bin'], ['cifar-100-binary/test.bin'], 2, 1),
}


def get_cifar10(withlabel=True, ndim=3, scale=1., dtype=None):
    """Gets the CIFAR-10 dataset (50,000 training and 10,000 test 32x32 RGB images).

    Pixel components are scaled to ``[0, scale]``: ``x * scale / 255``.

    Args:
        withlabel (bool): Return (image, label) examples; otherwise only images.
        ndim (int): 1 gives images of shape (3072,), 3 gives (3, 32, 32).
        scale (float): Pixel value scale.
        dtype: Data type of the images (None: float32; v4+).

    Returns:
        tuple: ``(train, test)``: :class:`~chainer.datasets.TupleDataset` objects of
        images and int32 labels (0 to 9) when ``withlabel`` is True, else
        arrays of images.
    """
    return _get_cifar('cifar-10', withlabel, ndim, scale, dtype)


def get_cifar100(withlabel=True, ndim=3, scale=1., dtype=None):
    """Gets the CIFAR-100 dataset (50,000 training and 10,000 test 32x32 RGB images).

    Same as :func:`get_cifar10`, with the 100 fine labels (0 to 99).

    Args:
        withlabel (bool): Return (image, label) examples; otherwise only images.
        ndim (int): 1 gives images of shape (3072,), 3 gives (3, 32, 32).
        scale (float): Pixel value scale.
        dtype: Data type of the images (None: float32; v4+).

    Returns:
        tuple: ``(train, test)`` datasets as for :func:`get_cifar10`.
    """
    return _get_cifar('cifar-100', withlabel, ndim, scale, dtype)


def _get_cifar(name, withlabel, ndim, scale, dtype):
    shape = _retrieve.image_shape(ndim, _IMAGE_SHAPES, 'get_' + name.replace('-', ''))
    # Chainer v1's cache: <name>.npz with train_x, train_y, test_x, test_y (uint8).
    raw = _retrieve.cache_npz('pfnet/chainer/cifar', name + '.npz',
                              lambda: _download(name))
    return tuple(_retrieve.image_dataset(raw[part + '_x'], raw[part + '_y'], shape,
                                         withlabel, scale,
                                         numpy.float32 if dtype is None else dtype,
                                         numpy.int32)
                 for part in ('train', 'test'))


def _download(name):
    archive, checksum, train_members, test_members, label_bytes, label_index = ARCHIVES[name]

    def parse(path):
        with tarfile.open(path, 'r:gz') as tar:
            train = _read_records(tar, train_members, label_bytes)
            test = _read_records(tar, test_members, label_bytes)
        return {'train_x': train[:, label_bytes:], 'train_y': train[:, label_index],
                'test_x': test[:, label_bytes:], 'test_y': test[:, label_index]}

    return _retrieve.parse_download(BASE_URLS, archive, checksum, parse)


def _read_records(tar, members, label_bytes):
    """Reads and concatenates the fixed-size records of the archive ``members``."""
    record = label_bytes + _PIXELS
    chunks = []
    for member in members:
        f = tar.extractfile(member)  # KeyError when missing
        if f is None:
            raise ValueError('{} is not a regular file'.format(member))
        data = f.read()
        if len(data) == 0 or len(data) % record:
            raise ValueError('{} has {} bytes, not a positive multiple of the record size '
                             '{}'.format(member, len(data), record))
        chunks.append(numpy.frombuffer(data, dtype=numpy.uint8).reshape(-1, record))
    return numpy.concatenate(chunks)
