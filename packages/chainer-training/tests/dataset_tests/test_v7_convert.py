"""The v7 converter protocol, ConcatWithAsyncTransfer, and the v1/v7 error of an
uncreatable download directory."""
import os
import pickle

import numpy
import pytest

import chainer
from chainer import dataset


def test_converter_decorator_gives_device_objects():
    seen = []

    @dataset.converter()
    def convert(batch, device):
        seen.append(device)
        return dataset.concat_examples(batch, device)

    assert isinstance(convert, dataset.Converter)
    out = convert([numpy.zeros(2), numpy.ones(2)], -1)
    assert out.shape == (2, 2)
    convert([numpy.zeros(1)], device='@numpy')
    convert([numpy.zeros(1)], None)
    assert seen[0] == chainer.get_device('@numpy') == seen[1] and seen[2] is None
    with pytest.raises(TypeError):
        dataset.converter()(3)


def test_concat_with_async_transfer_matches_concat_examples():
    conv = pickle.loads(pickle.dumps(dataset.ConcatWithAsyncTransfer()))
    batch = [(numpy.arange(2), {'x': 1}.get('x'))] * 3
    x, y = conv(batch, -1)
    numpy.testing.assert_array_equal(x, [[0, 1]] * 3)
    numpy.testing.assert_array_equal(y, [1, 1, 1])
    padded = conv([numpy.ones(1), numpy.ones(2)], None, padding=-1)
    numpy.testing.assert_array_equal(padded, [[1, -1], [1, 1]])


def test_uncreatable_cache_directory_is_runtime_and_os_error(tmp_path):
    blocker = tmp_path / 'file'
    blocker.write_text('x')
    with pytest.raises(OSError) as info:
        dataset.cache_or_load_file(os.path.join(str(blocker), 'sub', 'f'),
                                   lambda p: None, lambda p: None)
    assert isinstance(info.value, RuntimeError)
