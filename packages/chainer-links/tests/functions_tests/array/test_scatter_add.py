"""F.scatter_add against numpy.add.at."""
import numpy
import pytest

import chainer.functions as F


@pytest.mark.parametrize('slices,b_shape', [
    ((0, slice(0, 1), numpy.array(-1)), (1,)), ((slice(None), 0, [0, 2]), (4, 2)),
    (([1, 0], [0, 0], [2, 0]), (2,)), (1, (2, 3)),
    (numpy.array([False, True, False, True]), (2, 2, 3)), ([], (0, 2, 3))])
def test_scatter_add(rng, dtype, check_backward, slices, b_shape):
    a = rng.uniform(-1, 1, (4, 2, 3)).astype(dtype)
    b = rng.uniform(-1, 1, b_shape).astype(dtype)
    y = F.scatter_add(a, slices, b)
    expected = a.copy()
    numpy.add.at(expected, slices, b)
    numpy.testing.assert_allclose(y.data, expected)
    check_backward(lambda a, b: F.scatter_add(a, slices, b), (a, b),
                   rng.uniform(-1, 1, a.shape).astype(dtype))


def test_scatter_add_repeated_indices_sum():
    y = F.scatter_add(numpy.zeros(3), ([1, 1, 2],), numpy.array([1., 2., 3.]))
    numpy.testing.assert_array_equal(y.data, [0, 3, 3])


def test_scatter_add_does_not_broadcast():
    with pytest.raises(ValueError):
        F.scatter_add(numpy.zeros((3, 2)), slice(0, 2), numpy.zeros(2))


def test_scatter_add_single_ellipsis():
    with pytest.raises(ValueError):
        F.scatter_add(numpy.zeros((3, 2)), (Ellipsis, Ellipsis), numpy.zeros((3, 2)))
