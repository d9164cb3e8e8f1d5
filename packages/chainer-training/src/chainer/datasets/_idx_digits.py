"""The 28x28 digit-like image sets in the IDX gz format of MNIST (MNIST,
Fashion-MNIST, Kuzushiji-MNIST): downloading, caching and preprocessing."""
import gzip

import numpy

from chainer.datasets import _retrieve
from chainer.utils import _docstrings

_IMAGE_SHAPES = {1: (784,), 2: (28, 28), 3: (1, 28, 28)}
_IDX_UBYTE = 0x08


def unchecked_files():
    """A fresh ``files`` dict of the four standard IDX file names, without digests
    (for sets that publish none: a damaged file then fails to parse)."""
    return {
        'train_x': ('train-images-idx3-ubyte.gz', None),
        'train_y': ('train-labels-idx1-ubyte.gz', None),
        'test_x': ('t10k-images-idx3-ubyte.gz', None),
        'test_y': ('t10k-labels-idx1-ubyte.gz', None),
    }


def with_args_doc(doc):
    """``doc``, the docstring of a ``get_<set>`` function that forwards its arguments to
    :func:`get` like :func:`~chainer.datasets.get_mnist`, followed by the shared
    description of those arguments (None stays None, as under ``python -OO``)."""
    return _docstrings.extend(doc, _GETTER_ARGS_DOC)


_GETTER_ARGS_DOC = """
    The arguments and the result are those of :func:`~chainer.datasets.get_mnist`.

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


def get(caller, cache_dir, base_urls, files, withlabel, ndim, scale, dtype, label_dtype,
        rgb_format):
    """``(train, test)`` of a set whose ``files`` (keys ``train_x``, ``train_y``,
    ``test_x``, ``test_y``: ``(filename, checksum)``) are under ``base_urls``, cached
    as ``cache_dir/train.npz`` and ``test.npz`` (``x`` (N, 784), ``y`` (N,) uint8)."""
    shape = _retrieve.image_shape(ndim, _IMAGE_SHAPES, caller)
    dtype = numpy.float32 if dtype is None else dtype
    datasets = []
    for part in ('train', 'test'):
        raw = _retrieve.cache_npz(
            cache_dir, part + '.npz',
            lambda part=part: _download_part(caller, part, base_urls, files))
        images = _retrieve.preprocess_images(raw['x'], shape, scale, dtype)
        if rgb_format and ndim == 3:
            images = numpy.ascontiguousarray(
                numpy.broadcast_to(images, (len(images), 3) + shape[1:]))
        if withlabel:
            from chainer.datasets import tuple_dataset
            datasets.append(tuple_dataset.TupleDataset(images,
                                                       raw['y'].astype(label_dtype)))
        else:
            datasets.append(images)
    return tuple(datasets)


def _download_part(caller, part, base_urls, files):
    """The ``x`` (N, 784) and ``y`` (N,) uint8 arrays of the ``part`` set."""
    images = _download_idx(base_urls, files, part + '_x', (28, 28))
    labels = _download_idx(base_urls, files, part + '_y', ())
    if len(images) != len(labels):
        raise ValueError('{}: the {} set has {} images but {} labels'.format(
            caller, part, len(images), len(labels)))
    return {'x': images.reshape(len(images), -1), 'y': labels}


def _download_idx(base_urls, files, name, item_shape):
    filename, checksum = files[name]
    return _retrieve.parse_download(base_urls, filename, checksum,
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
