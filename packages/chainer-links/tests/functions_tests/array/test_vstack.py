import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shapes', [
    [(3,), (3,)], [(1, 3), (2, 3)], [(2, 3, 2), (1, 3, 2)], [(), ()], [(2, 2)]])
def test_vstack(rng, dtype, check_backward, shapes):
    xs = tuple(rng.uniform(-1, 1, s).astype(dtype) for s in shapes)
    y = F.vstack(xs)
    expected = numpy.vstack(xs)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda *xs: F.vstack(xs), xs, gy, dtype)


@pytest.mark.parametrize('shapes', [[(2, 3), (2, 2)], [(3,), (2,)]])
def test_vstack_invalid(shapes):
    with pytest.raises(type_check.InvalidType):
        F.vstack([numpy.zeros(s, numpy.float32) for s in shapes])


@pytest.mark.parametrize('stack', [F.hstack, F.vstack, F.dstack])
@pytest.mark.parametrize('a_shape,b_shape', [((3,), (3, 3)), ((), (1,)), ((2, 3), (1, 2, 3))])
def test_stacking_inputs_of_different_ndim_is_invalid_type_as_in_v1(stack, a_shape, b_shape):
    xs = [numpy.zeros(a_shape, numpy.float32), numpy.zeros(b_shape, numpy.float32)]
    with pytest.raises(type_check.InvalidType):
        stack(xs)
