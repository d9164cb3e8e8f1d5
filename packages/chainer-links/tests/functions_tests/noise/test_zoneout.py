import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _pair(rng, dtype, shape=(3, 4)):
    return (rng.uniform(-1, 1, shape).astype(dtype),
            rng.uniform(-1, 1, shape).astype(dtype))


@pytest.mark.parametrize('ratio', [0.0, 0.25, 0.5, 1.0])
def test_each_element_is_the_previous_or_the_new_value(rng, dtype, ratio):
    h, x = _pair(rng, dtype)
    y = F.zoneout(chainer.Variable(h), x, ratio)  # (arrays alone: no graph)
    func = y.creator
    assert y.data.dtype == dtype
    for index in numpy.ndindex(*x.shape):
        expected = h[index] if func.flag_h[index] else x[index]
        assert y.data[index] == expected
    assert (func.flag_h == ~func.flag_x).all()
    if ratio == 0:
        testing.assert_allclose(y.data, x)
    if ratio == 1:
        testing.assert_allclose(y.data, h)


def test_previous_values_are_kept_with_probability_ratio():
    numpy.random.seed(0)
    h, x = numpy.zeros((100, 100), 'f'), numpy.ones((100, 100), 'f')
    kept = (F.zoneout(h, x, 0.3).data == 0).mean()
    assert abs(kept - 0.3) < 0.03


def test_backward(rng, dtype, check_backward):
    h, x = _pair(rng, dtype)
    func = F.Zoneout(0.5)  # one instance: the masks drawn first are reused throughout
    check_backward(func, (h, x), rng.uniform(-1, 1, (3, 4)).astype(dtype))
    assert func.flag_h.any() and func.flag_x.any()


def test_not_training_returns_the_new_value():
    h = chainer.Variable(numpy.zeros((2, 3), 'f'))
    x = chainer.Variable(numpy.ones((2, 3), 'f'))
    assert F.zoneout(h, x, 0.9, train=False) is x


@pytest.mark.parametrize('h,x', [
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 4), 'f')),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd')),
    (numpy.zeros((2, 3), 'i'), numpy.zeros((2, 3), 'i')),
])
def test_invalid_inputs(h, x):
    with pytest.raises(type_check.InvalidType):
        F.zoneout(h, x)
