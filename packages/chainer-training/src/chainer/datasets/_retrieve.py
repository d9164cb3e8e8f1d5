"""Download-then-parse with mirror fallback; a file that fails to parse is discarded."""
import os
import tarfile
import urllib.error
import zlib

import numpy

from chainer.dataset import download
from chainer.datasets import tuple_dataset

# What a truncated or corrupt archive raises while it is parsed: gzip.BadGzipFile is an
# OSError; tarfile and zlib have their own; format checks below raise ValueError.
_CORRUPT_ERRORS = (EOFError, OSError, tarfile.TarError, zlib.error, ValueError, KeyError,
                   UnicodeDecodeError)


class CorruptDownloadError(RuntimeError):
    """A downloaded file is not in the expected format (it has been removed)."""


def parse_download(base_urls, filename, checksum, parse):
    """Downloads ``filename`` from the first reachable mirror and parses it.

    Args:
        base_urls (sequence of str): Mirrors, tried in order; a network or HTTP error, a
            truncated download or a checksum mismatch moves on to the next one.
        filename (str): File name appended to each base URL.
        checksum (str or None): ``'<algorithm>:<hex>'`` for
            :func:`chainer.dataset.cached_download`.
        parse (callable): ``parse(path)`` reads the downloaded file.

    Returns:
        What ``parse`` returned.

    Raises:
        CorruptDownloadError: when ``parse`` fails on the file; the cached download is
            deleted so that the next call downloads it again.
    """
    errors = []
    for base_url in base_urls:
        url = base_url + filename
        try:
            path = download.cached_download(url, checksum)
        except (urllib.error.URLError, OSError, RuntimeError) as e:
            # Unreachable, truncated or failing its checksum: nothing was cached; another
            # mirror may do better.
            errors.append('{}: {}'.format(url, e))
            continue
        try:
            return parse(path)
        except _CORRUPT_ERRORS as e:
            os.remove(path)
            raise CorruptDownloadError(
                'the file downloaded from {} is corrupt or truncated ({}: {}); it was '
                'removed from the cache, retry to download it again'.format(
                    url, type(e).__name__, e)) from e
    raise RuntimeError('could not download {} from any mirror:\n  {}'.format(
        filename, '\n  '.join(errors)))


def cache_npz(dataset_dir, filename, create_arrays):
    """Returns the arrays of the npz cache ``dataset_dir/filename``, creating it once.

    Args:
        dataset_dir (str): Directory name under the dataset root.
        filename (str): Name of the npz file.
        create_arrays (callable): Returns a dict of arrays to cache.

    Returns:
        dict: Name to array.
    """
    def creator(path):
        arrays = create_arrays()
        with open(path, 'wb') as f:  # a file object keeps numpy from renaming the file
            numpy.savez_compressed(f, **arrays)
        return arrays

    def loader(path):
        with numpy.load(path, allow_pickle=False) as npz:
            return {key: npz[key] for key in npz.files}

    path = os.path.join(download.get_dataset_directory(dataset_dir), filename)
    return download.cache_or_load_file(path, creator, loader)


def image_shape(ndim, shapes, caller):
    """The image shape for ``ndim`` from ``shapes`` (ndim -> shape), or a ValueError
    naming ``caller`` and the valid values."""
    if ndim not in shapes:
        raise ValueError('{}: ndim must be one of {}, got {!r}'.format(
            caller, sorted(shapes), ndim))
    return shapes[ndim]


def image_dataset(images, labels, shape, withlabel, scale, dtype, label_dtype):
    """The dataset of the cached uint8 ``images`` (one row per image) and their
    ``labels``: images of ``shape`` scaled to ``[0, scale]`` in ``dtype``, with their
    labels in a :class:`TupleDataset` when ``withlabel``."""
    images = preprocess_images(images, shape, scale, dtype)
    if withlabel:
        return tuple_dataset.TupleDataset(images, labels.astype(label_dtype))
    return images


def preprocess_images(images, shape, scale, dtype):
    """Casts uint8 images to ``dtype`` scaled to ``[0, scale]``, each reshaped to ``shape``.

    ``x' = x * (scale / 255)``, computed in ``dtype`` without a float64 temporary.
    """
    out = images.reshape((len(images),) + tuple(shape)).astype(dtype)
    out *= numpy.asarray(scale / 255., dtype=dtype)
    return out
