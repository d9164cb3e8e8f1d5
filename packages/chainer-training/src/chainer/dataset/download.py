"""Dataset root, download cache and create-once file cache.

Every downloaded or converted file lives under the dataset root: the directory given to
:func:`set_dataset_root`, else ``$CHAINER_DATASET_ROOT``, else ``~/.chainer/dataset``
. Files are published by atomic rename
under a file lock, so concurrent processes never see a half-written file and create
each cache once.

The download cache is laid out as Chainer v1 lays it out, so that a cache written by
either is used by the other: ``<root>/_dl_cache/<MD5 hex digest of the URL>``, locked
through ``<root>/_dl_cache/_dl_lock`` (an ``flock``, which v1's ``filelock`` takes too).
"""
import hashlib
import os
import shutil
import tempfile
import urllib.error

# Through six, as v1 did: v1 code (and v1's own tests) replace
# ``six.moves.urllib.request.urlretrieve`` to fake downloads.
from six.moves.urllib import request

from chainer.dataset._file_lock import file_lock

_dataset_root = []
_CHUNK = 1 << 20
_DOWNLOAD_CACHE = '_dl_cache'
_DOWNLOAD_LOCK = '_dl_lock'


def get_dataset_root():
    """Returns the path to the root directory to download and cache datasets (str)."""
    if _dataset_root:
        return _dataset_root[0]
    env = os.environ.get('CHAINER_DATASET_ROOT')
    if env:
        return env
    return os.path.join(os.path.expanduser('~'), '.chainer', 'dataset')


def set_dataset_root(path):
    """Sets the root directory to download and cache datasets.

    It takes precedence over ``CHAINER_DATASET_ROOT``.

    Args:
        path (str): Path to the new dataset root directory.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError('set_dataset_root: path must be a str, got {}'.format(
            type(path).__name__))
    _dataset_root[:] = [os.fspath(path)]


def get_dataset_directory(dataset_name, create_directory=True):
    """Returns the directory of a dataset under the dataset root.

    Args:
        dataset_name (str): Relative name of the dataset directory (e.g.
            ``'pfnet/chainer/mnist'``).
        create_directory (bool): Create the directory when it does not exist.

    Returns:
        str: Path to the directory.
    """
    path = os.path.join(get_dataset_root(), dataset_name)
    if create_directory:
        os.makedirs(path, exist_ok=True)
    return path


class _DirectoryError(OSError, RuntimeError):
    """A directory could not be created: a RuntimeError as v1 raises, and an OSError
    as v7 raises."""


def _make_directory(path, what):
    """Creates the directory ``path`` if missing; a :class:`_DirectoryError` (both
    RuntimeError and OSError) naming ``what`` when it cannot (e.g. a file is in the
    way)."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise _DirectoryError('cannot create the {} directory {}: {}'.format(
            what, path, e)) from e
    return path


def _download_cache_path(url):
    """The path under which :func:`cached_download` caches ``url`` (the v1 name: the
    MD5 hex digest of the URL in ``<dataset root>/_dl_cache``)."""
    return os.path.join(get_dataset_root(), _DOWNLOAD_CACHE,
                        hashlib.md5(url.encode('utf-8')).hexdigest())


def cached_download(url, checksum=None):
    """Downloads a file and caches it under the dataset root.

    If the URL is cached already, the cached path is returned without downloading.
    Otherwise the file is streamed to a temporary file next to the cache, checked, and
    renamed into place, so an interrupted, truncated (shorter than its
    ``Content-Length``) or corrupt (wrong checksum) download is never cached.

    Args:
        url (str): URL to download from.
        checksum (str or None): Expected digest as ``'<algorithm>:<hex>'`` with any
            :mod:`hashlib` algorithm, e.g. ``'md5:9fb6...'`` or ``'sha256:...'``. It is
            verified when the file is downloaded.

    Returns:
        str: Path to the downloaded file.
    """
    algorithm, expected = _parse_checksum(checksum)
    cache_path = _download_cache_path(url)
    if os.path.exists(cache_path):
        return cache_path
    cache_root = _make_directory(os.path.dirname(cache_path), 'download cache')
    with file_lock(os.path.join(cache_root, _DOWNLOAD_LOCK)):
        if os.path.exists(cache_path):  # another process finished it meanwhile
            return cache_path
        temp_dir = tempfile.mkdtemp(dir=cache_root)
        try:
            temp_path = os.path.join(temp_dir, 'download')
            _fetch(url, temp_path)
            digest = _file_digest(temp_path, algorithm)
            if expected is not None and digest != expected:
                raise RuntimeError(
                    'cached_download: checksum mismatch for {}: expected {}:{}, got {}:{}; '
                    'the file was not cached'.format(url, algorithm, expected, algorithm,
                                                     digest))
            os.replace(temp_path, cache_path)
        finally:
            shutil.rmtree(temp_dir, ignore_errors=True)
    return cache_path


def _parse_checksum(checksum):
    if checksum is None:
        return 'sha256', None
    algorithm, sep, expected = str(checksum).partition(':')
    if not sep or not expected or algorithm.lower() not in hashlib.algorithms_available:
        raise ValueError(
            "cached_download: checksum must look like '<algorithm>:<hex digest>' with a "
            'hashlib algorithm (e.g. md5, sha256), got {!r}'.format(checksum))
    return algorithm.lower(), expected.lower()


def _fetch(url, path):
    """Downloads ``url`` to ``path``; a RuntimeError when fewer bytes than announced
    arrive (``urlretrieve`` checks the ``Content-Length``)."""
    print('Downloading from {}...'.format(url))  # as v1 does: downloads are slow
    try:
        request.urlretrieve(url, path)
    except urllib.error.ContentTooShortError as e:
        raise RuntimeError('cached_download: truncated download from {} ({}); the file '
                           'was not cached'.format(url, e.reason)) from e


def _file_digest(path, algorithm):
    digest = hashlib.new(algorithm)
    with open(path, 'rb') as f:
        for chunk in iter(lambda: f.read(_CHUNK), b''):
            digest.update(chunk)
    return digest.hexdigest()


def cache_or_load_file(path, creator, loader):
    """Caches a file if it does not exist, or loads it otherwise.

    When ``path`` exists, ``loader(path)`` is returned. Otherwise ``creator`` is called
    with a temporary path in the same directory (no file exists there yet); it writes
    the file and returns the content, and the file is then renamed to ``path``. A lock
    file makes concurrent threads and processes create the file once: the others wait
    and load it. If the creator raises, nothing is cached.

    Args:
        path (str): Path of the cached file.
        creator: ``creator(temp_path)`` creates the file and returns the content.
        loader: ``loader(path)`` loads the cached file and returns the content.

    Returns:
        What the creator or the loader returned.
    """
    if os.path.exists(path):
        return loader(path)
    directory = _make_directory(os.path.dirname(os.path.abspath(path)), 'dataset')
    with file_lock(path + '.lock'):
        if os.path.exists(path):
            return loader(path)
        temp_dir = tempfile.mkdtemp(dir=directory)
        try:
            temp_path = os.path.join(temp_dir, os.path.basename(path))
            content = creator(temp_path)
            if not os.path.exists(temp_path):
                raise RuntimeError(
                    'cache_or_load_file: the creator did not write the file {}'.format(
                        temp_path))
            os.replace(temp_path, path)
        finally:
            shutil.rmtree(temp_dir, ignore_errors=True)
    return content
