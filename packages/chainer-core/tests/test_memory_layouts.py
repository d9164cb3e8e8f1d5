import numpy
import pytest

import chainer
from chainer import memory_layouts


def test_standard_layouts_are_none_and_channel_last_ones_are_named():
    assert memory_layouts.CUDNN_CHANNEL_FIRST_X is None
    assert memory_layouts.CUDNN_CHANNEL_FIRST_W is None
    assert memory_layouts.CUDNN_CHANNEL_LAST_X != memory_layouts.CUDNN_CHANNEL_LAST_W


def test_shapes_are_the_stored_shapes():
    v = chainer.Variable(numpy.zeros((2, 3, 4), numpy.float32))
    assert memory_layouts.get_raw_shape(v) == (2, 3, 4)
    assert memory_layouts.get_semantic_shape(v.array) == (2, 3, 4)
    with pytest.raises(ValueError):
        memory_layouts.get_semantic_shape(v, memory_layouts.CUDNN_CHANNEL_LAST_X)
