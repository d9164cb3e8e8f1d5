"""``ImageDataset`` and ``LabeledImageDataset``: image files read on access (Pillow)."""
import importlib.util
import os

import numpy

from chainer.dataset import dataset_mixin

#: Whether Pillow is installed, as v1 code checks before using these datasets
#: (``image_dataset.available``). It is looked up, not imported: Pillow is imported on
#: the first image read, so that ``import chainer.datasets`` stays fast.
available = importlib.util.find_spec('PIL') is not None

_PILLOW_HINT = ('{} requires Pillow: install it with `pip install chainer-training[image]` '
                '(or `pip install Pillow`)')


def _read_image_as_array(path, dtype, kind):
    """Reads an image file as an array of shape (channels, height, width)."""
    try:
        from PIL import Image
    except ImportError as e:
        raise ImportError(_PILLOW_HINT.format(kind)) from e
    with Image.open(path) as image:
        array = numpy.asarray(image, dtype=dtype)
    if array.ndim == 2:  # grey scale: add the channel axis
        return array[numpy.newaxis]
    return array.transpose(2, 0, 1)


def _read_lines(path):
    with open(path) as f:
        return [(number, line.strip()) for number, line in enumerate(f, 1) if line.strip()]


class ImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of images built from a list of paths to image files.

    Each access reads the file and returns an array of shape (channels, height, width)
    (1 channel for grey scale, 3 for RGB). Requires Pillow (the ``[image]`` extra).

    Args:
        paths (str or list of str): Paths of the images, or the path of a text file with
            one image path per line. Image paths are relative to ``root``.
        root (str): Root directory of the images.
        dtype: Data type of the image arrays.
    """

    def __init__(self, paths, root='.', dtype=numpy.float32):
        if isinstance(paths, str):
            paths = [line for _, line in _read_lines(paths)]
        self._paths = list(paths)
        self._root = root
        self._dtype = dtype

    def __len__(self):
        return len(self._paths)

    def get_example(self, i):
        path = os.path.join(self._root, self._paths[i])
        return _read_image_as_array(path, self._dtype, 'ImageDataset')


class LabeledImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of (image, label) pairs built from a list of paths and labels.

    Each access reads the image like :class:`ImageDataset` and returns it with its label
    as a 0-d array of ``label_dtype``. Requires Pillow (the ``[image]`` extra).

    Args:
        pairs (str or list of tuples): ``(path, label)`` pairs, or the path of a text
            file with one ``path label`` pair per line separated by white space (the
            Caffe format). Image paths are relative to ``root``.
        root (str): Root directory of the images.
        dtype: Data type of the image arrays.
        label_dtype: Data type of the labels.
    """

    def __init__(self, pairs, root='.', dtype=numpy.float32, label_dtype=numpy.int32):
        if isinstance(pairs, str):
            pairs = [_parse_pair(pairs, number, line) for number, line in _read_lines(pairs)]
        self._pairs = list(pairs)
        self._root = root
        self._dtype = dtype
        self._label_dtype = label_dtype

    def __len__(self):
        return len(self._pairs)

    def get_example(self, i):
        path, label = self._pairs[i]
        image = _read_image_as_array(os.path.join(self._root, path), self._dtype,
                                     'LabeledImageDataset')
        return image, numpy.array(label, dtype=self._label_dtype)


def _parse_pair(list_path, number, line):
    # rsplit keeps paths with spaces intact; the label is the last field.
    fields = line.rsplit(None, 1)
    if len(fields) != 2:
        raise ValueError('LabeledImageDataset: line {} of {} must be "<path> <label>", got '
                         '{!r}'.format(number, list_path, line))
    try:
        return fields[0], int(fields[1])
    except ValueError:
        raise ValueError('LabeledImageDataset: the label on line {} of {} must be an integer, '
                         'got {!r}'.format(number, list_path, fields[1])) from None


# The zip-archive variants live in their own module; v5+ code imports them from here.
from chainer.datasets.zipped_image_dataset import (  # noqa: E402,F401
    LabeledZippedImageDataset, MultiZippedImageDataset, ZippedImageDataset)
