"""Image datasets read from zip archives: ``ZippedImageDataset``,
``MultiZippedImageDataset`` and ``LabeledZippedImageDataset`` (Pillow)."""
import io
import os
import threading
import zipfile

import numpy

from chainer.dataset import dataset_mixin
from chainer.datasets import image_dataset
from chainer.datasets.concatenated_dataset import ConcatenatedDataset


class _ZipReader(object):
    """A zip archive opened once per process (a forked worker opens its own, so that
    processes never share a file position), read under a lock by threads."""

    def __init__(self, path):
        self.path = path
        self._open()

    def _open(self):
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self._zip = zipfile.ZipFile(self.path)

    def names(self):
        """The files of the archive (directories left out), in archive order."""
        return [name for name in self._zip.namelist() if not name.endswith('/')]

    def read(self, name):
        """The bytes of ``name``."""
        if self._pid != os.getpid():
            self._open()
        with self._lock:
            return self._zip.read(name)

    def __getstate__(self):
        return {'path': self.path}

    def __setstate__(self, state):
        self.path = state['path']
        self._open()


def _image(reader, name, dtype, kind):
    return image_dataset._read_image_as_array(io.BytesIO(reader.read(name)), dtype, kind)


class ZippedImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of the images stored in a zip archive.

    The ``i``-th example is the ``i``-th file of the archive (in archive order) read
    as an array of shape (channels, height, width), as :class:`ImageDataset` does.
    Requires Pillow. Picklable (the archive is opened again).

    Args:
        zipfilename (str): Path of the zip archive.
        dtype: Data type of the image arrays (None: float32).
    """

    def __init__(self, zipfilename, dtype=None):
        self._reader = _ZipReader(zipfilename)
        self._paths = self._reader.names()
        self._dtype = numpy.float32 if dtype is None else dtype

    def __len__(self):
        return len(self._paths)

    def get_example(self, i):
        """Returns the ``i``-th image of the archive."""
        return _image(self._reader, self._paths[i], self._dtype, 'ZippedImageDataset')


class MultiZippedImageDataset(ConcatenatedDataset):
    """The images of several zip archives, one archive after the other.

    Args:
        zipfilenames (list of str): Paths of the zip archives.
        dtype: Data type of the image arrays (None: float32).
    """

    def __init__(self, zipfilenames, dtype=None):
        super(MultiZippedImageDataset, self).__init__(
            *[ZippedImageDataset(path, dtype) for path in zipfilenames])


class LabeledZippedImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of (image, label) pairs, the images stored in a zip archive.

    Args:
        zipfilename (str): Path of the zip archive.
        labelfilename (str or list of tuples): Text file with one
            ``path-inside-the-archive label`` pair per line, or the pairs themselves.
        dtype: Data type of the image arrays (None: float32).
        label_dtype: Data type of the labels (0-d arrays).
    """

    def __init__(self, zipfilename, labelfilename, dtype=None, label_dtype=numpy.int32):
        self._reader = _ZipReader(zipfilename)
        if isinstance(labelfilename, str):
            self._pairs = [image_dataset._parse_pair(labelfilename, number, line)
                           for number, line in image_dataset._read_lines(labelfilename)]
        else:
            self._pairs = list(labelfilename)
        self._dtype = numpy.float32 if dtype is None else dtype
        self._label_dtype = label_dtype

    def __len__(self):
        return len(self._pairs)

    def get_example(self, i):
        """Returns the ``i``-th (image, label) pair."""
        path, label = self._pairs[i]
        image = _image(self._reader, path, self._dtype, 'LabeledZippedImageDataset')
        return image, numpy.array(label, dtype=self._label_dtype)
