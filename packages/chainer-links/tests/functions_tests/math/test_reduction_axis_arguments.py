"""The ``axis`` argument of sum, max, min and logsumexp follows Chainer v1's rule: None,
an int or a tuple of ints, checked when the function node is made."""
import pytest

import chainer.functions as F

NODES = [F.Sum, F.Max, F.Min, F.LogSumExp]


@pytest.mark.parametrize('node', NODES)
@pytest.mark.parametrize('axis', [[0], (1, 'x'), 1.0])
def test_axis_of_another_type_is_a_type_error_as_in_v1(node, axis):
    with pytest.raises(TypeError):
        node(axis)


@pytest.mark.parametrize('node', NODES)
def test_repeated_axis_is_a_value_error_as_in_v1(node):
    with pytest.raises(ValueError, match='duplicate'):
        node((0, 0))


@pytest.mark.parametrize('node', NODES)
@pytest.mark.parametrize('axis', [None, 1, (0, 2)])
def test_valid_axis_is_kept_as_a_tuple(node, axis):
    expected = None if axis is None else (axis if isinstance(axis, tuple) else (axis,))
    assert node(axis).axis == expected
