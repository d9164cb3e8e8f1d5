"""F.fliplr and F.flipud: one axis reversed, against numpy's flips."""
import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

# (function, numpy reference, valid shapes, a shape of too few dimensions)
_FLIPS = {
    'fliplr': (F.fliplr, numpy.fliplr, [(2, 3), (2, 3, 2)], (3,)),
    'flipud': (F.flipud, numpy.flipud, [(3,), (2, 3), (2, 3, 2)], ()),
}


@pytest.mark.parametrize('name,shape', [
    (name, shape) for name, (_, _, shapes, _) in _FLIPS.items() for shape in shapes])
def test_flip(rng, dtype, check_backward, name, shape):
    func, reference, _, _ = _FLIPS[name]
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = func(x)
    numpy.testing.assert_array_equal(y.data, reference(x))
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, shape).astype(dtype)
    check_backward(func, x, gy, dtype)


@pytest.mark.parametrize('name', sorted(_FLIPS))
def test_flip_needs_enough_dimensions(name):
    func, _, _, too_small = _FLIPS[name]
    with pytest.raises(type_check.InvalidType):
        func(numpy.zeros(too_small, numpy.float32))
