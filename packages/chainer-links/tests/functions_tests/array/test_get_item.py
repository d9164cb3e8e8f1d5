import importlib

import numpy
import pytest

import chainer.functions as F
from chainer.core_functions import get_item as core_get_item
from chainer.utils import type_check


def test_get_item_is_core_function():
    assert F.get_item is core_get_item.get_item
    module = importlib.import_module('chainer.functions.array.get_item')
    assert module.GetItem is core_get_item.GetItem


@pytest.mark.parametrize('slices', [
    # basic indexing
    1, slice(None, 2), (Ellipsis, 1), (None, slice(1, 3), 0), (slice(None), None),
    -1, (Ellipsis,),
    # advanced indexing: repeated indices add up their gradients
    numpy.array([0, 2, 0]), (slice(None), numpy.array([3, 3, 1])),
    numpy.array([True, False, True])])
def test_get_item(rng, dtype, check_backward, slices):
    x = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    y = F.get_item(x, slices)
    expected = x[slices]
    numpy.testing.assert_array_equal(y.data, expected)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.get_item(x, slices), x, gy, dtype)


def test_get_item_too_many_indices():
    with pytest.raises(type_check.InvalidType):
        F.get_item(numpy.zeros((3,), numpy.float32), (0, 1))
