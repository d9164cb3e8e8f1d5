"""Blobs viewed in the mapped model file are copied into parameters a slab at a time,
and the copied pages leave the process's resident memory (Linux: /proc/self/smaps)."""
import mmap
import os
import sys

import numpy
import pytest

import chainer.links as L
from chainer.links.caffe import _mapped_copy

N = 512 * 512  # 1 MB of float32: 256 pages


@pytest.fixture
def mapped_blob(tmp_path):
    path = str(tmp_path / 'blob.bin')
    values = numpy.arange(N, dtype='<f4')
    with open(path, 'wb') as f:
        f.write(b'\0' * 12 + values.tobytes())  # an offset that is not page-aligned
    with open(path, 'rb') as f:
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    view = numpy.frombuffer(memoryview(mapped), dtype='<f4', count=N, offset=12)
    return path, view.reshape(512, 512), values.reshape(512, 512)


def _resident_kb(path):
    """Resident kB of the mappings of ``path`` in this process."""
    total, inside = 0, False
    with open('/proc/self/smaps') as f:
        for line in f:
            if line[0] in '0123456789abcdef' and '-' in line.split()[0]:
                inside = line.rstrip().endswith(path)
            elif inside and line.startswith('Rss:'):
                total += int(line.split()[1])
    return total


def test_mapping_of_finds_the_mmap_through_views(mapped_blob):
    _, view, _ = mapped_blob
    assert isinstance(_mapped_copy.mapping_of(view[3:]), mmap.mmap)
    assert _mapped_copy.mapping_of(numpy.ones(3)) is None
    plain = numpy.ones((2, 2), 'f')
    assert _mapped_copy.initial_value(plain) is plain
    assert isinstance(_mapped_copy.initial_value(view), _mapped_copy.MappedBlob)


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='reads /proc/self/smaps')
def test_copy_is_exact_and_releases_the_copied_pages(mapped_blob, monkeypatch):
    path, view, values = mapped_blob
    # Several slabs; a fault may map a whole large page-cache folio around the touched
    # page, the previous slab's pages included (they must be released again).
    monkeypatch.setattr(_mapped_copy, 'SLAB', 100 * mmap.PAGESIZE + 12)
    dst = numpy.empty_like(values)
    _mapped_copy.copy_releasing(dst, view)
    numpy.testing.assert_array_equal(dst, values)
    assert _resident_kb(path) <= N * 4 // 1024 // 4  # at most the slabs' edges
    numpy.copyto(dst, view)  # a plain copy keeps every page resident
    assert _resident_kb(path) >= N * 4 // 1024 - 4
    numpy.testing.assert_array_equal(view, values)  # the view still reads the file


def test_a_link_takes_a_mapped_blob_as_its_initial_weight(mapped_blob):
    _, view, values = mapped_blob
    linear = L.Linear(512, 512, initialW=_mapped_copy.initial_value(view))
    numpy.testing.assert_array_equal(linear.W.data, values)


def test_a_blob_of_another_shape_is_refused(mapped_blob):
    _, view, _ = mapped_blob
    with pytest.raises(ValueError, match=r'a blob of shape \(512, 512\) cannot fill a '
                                         r'parameter of shape \(128, 2048\)'):
        _mapped_copy.MappedBlob(view)(numpy.empty((128, 2048), 'f'))


def test_non_mapped_or_strided_sources_are_copied_plainly(mapped_blob):
    _, view, values = mapped_blob
    dst = numpy.empty((512, 256), 'f')
    _mapped_copy.copy_releasing(dst, view[:, ::2])
    numpy.testing.assert_array_equal(dst, values[:, ::2])
    assert os.path.exists(mapped_blob[0])
