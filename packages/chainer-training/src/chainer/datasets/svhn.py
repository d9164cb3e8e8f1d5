"""SVHN house numbers (``get_svhn``): 32x32 RGB digit images from the MATLAB files."""
import numpy

from chainer.datasets import _retrieve

#: Where the files are downloaded from (tests point this to a local server).
BASE_URLS = ('http://ufldl.stanford.edu/housenumbers/',)

_SCIPY_HINT = 'get_svhn reads MATLAB files with SciPy: install it with `pip install scipy`'


def get_svhn(withlabel=True, scale=1., dtype=None, label_dtype=numpy.int32,
             add_extra=False):
    """Gets the SVHN dataset (73,257 training and 26,032 test 32x32 RGB digits).

    The MATLAB files ``train_32x32.mat``, ``test_32x32.mat`` (and ``extra_32x32.mat``)
    are downloaded once and cached as ``pfnet/chainer/svhn/train.npz`` (``test.npz``,
    ``extra.npz``) under the dataset root, Chainer's cache layout: ``x`` (32, 32, 3, N)
    and ``y`` (N, 1) uint8 as in the MATLAB files. Reading them needs SciPy.

    Args:
        withlabel (bool): Return (image, label) examples; otherwise only images.
        scale (float): Pixel components are scaled to ``[0, scale]``.
        dtype: Data type of the images, of shape (3, 32, 32) (None: float32).
        label_dtype: Data type of the labels: the digit, 0 to 9 (the files' label 10
            is the digit 0).
        add_extra (bool): Also return the 531,131 extra (easier) examples.

    Returns:
        tuple: ``(train, test)``, or ``(train, test, extra)`` with ``add_extra``:
        :class:`~chainer.datasets.TupleDataset` objects when ``withlabel``, else
        arrays of images.
    """
    dtype = numpy.float32 if dtype is None else dtype
    parts = ('train', 'test', 'extra') if add_extra else ('train', 'test')
    result = []
    for part in parts:
        raw = _retrieve.cache_npz('pfnet/chainer/svhn', part + '.npz',
                                  lambda part=part: _download(part))
        images = numpy.ascontiguousarray(raw['x'].transpose(3, 2, 0, 1))
        images = _retrieve.preprocess_images(images, images.shape[1:], scale, dtype)
        if withlabel:
            labels = raw['y'].astype(label_dtype).ravel()
            labels[labels == 10] = 0
            from chainer.datasets import tuple_dataset
            result.append(tuple_dataset.TupleDataset(images, labels))
        else:
            result.append(images)
    return tuple(result)


def _download(part):
    return _retrieve.parse_download(BASE_URLS, part + '_32x32.mat', None, _read_mat)


def _read_mat(path):
    try:
        from scipy import io as scipy_io
    except ImportError as e:
        raise ImportError(_SCIPY_HINT) from e
    raw = scipy_io.loadmat(path)
    images, labels = raw['X'], raw['y']
    if images.ndim != 4 or images.shape[:3] != (32, 32, 3) or \
            labels.shape[0] != images.shape[3]:
        raise ValueError('not an SVHN file: X of shape {}, y of shape {}'.format(
            images.shape, labels.shape))
    return {'x': images.astype(numpy.uint8), 'y': labels.astype(numpy.uint8)}
