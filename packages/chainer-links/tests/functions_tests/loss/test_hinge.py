import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _reference(x, t, norm):
    n, k = x.shape
    total = 0.0
    for i in range(n):
        for j in range(k):
            sign = 1.0 if t[i] == j else -1.0
            m = max(0.0, 1.0 - sign * float(x[i, j]))
            total += m if norm == 'L1' else m * m
    return numpy.float64(total / n)


@pytest.mark.parametrize('norm', ['L1', 'L2'])
def test_forward(dtype, fwd_tol, norm):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-2, 2, (5, 3)).astype(dtype)
    t = rng.randint(0, 3, 5).astype(numpy.int32)
    y = F.hinge(x, t, norm)
    assert y.data.shape == () and y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, t, norm), **fwd_tol)


@pytest.mark.parametrize('norm', ['L1', 'L2'])
def test_backward(dtype, grad_tol, norm):
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-2, 2, (4, 3)).astype(dtype)
    # keep away from the kinks at |x| = 1
    x[numpy.abs(numpy.abs(x) - 1) < 0.1] = dtype(0.5)
    t = rng.randint(0, 3, 4).astype(numpy.int32)
    gradient_check.check_backward(lambda x: F.hinge(x, t, norm), x,
                                  numpy.array(1.0, dtype), **grad_tol)


@pytest.mark.parametrize('x_shape,t_shape,t_dtype', [
    ((3, 4), (3,), numpy.float32),
    ((3, 4), (4,), numpy.int32),
    ((3, 4, 1), (3,), numpy.int32),
])
def test_bad_types(x_shape, t_shape, t_dtype):
    with pytest.raises(type_check.InvalidType):
        F.hinge(numpy.zeros(x_shape, numpy.float32), numpy.zeros(t_shape, t_dtype))


def test_bad_norm_and_label():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError, match='norm'):
        F.hinge(x, numpy.zeros(2, numpy.int32), 'L3')
    with pytest.raises(ValueError, match='t: every label'):
        F.hinge(x, numpy.array([0, 3], numpy.int32))


@pytest.mark.parametrize('norm', ['L1', 'L2'])
def test_reduce_no_gives_the_loss_of_every_element_as_in_v1_24(norm):
    rng = numpy.random.RandomState(2)
    x = rng.uniform(-2, 2, (4, 3))
    t = rng.randint(0, 3, 4).astype(numpy.int32)
    sign = numpy.where(numpy.arange(3)[None, :] == t[:, None], 1.0, -1.0)
    expected = numpy.maximum(0, 1 - sign * x) ** (1 if norm == 'L1' else 2)
    y = F.hinge(x, t, norm, reduce='no')
    testing.assert_allclose(y.data, expected)
    testing.assert_allclose(F.hinge(x, t, norm, 'mean').data, expected.sum() / 4)
    x[numpy.abs(1 - sign * x) < 0.1] += 0.3  # away from the kink
    gradient_check.check_backward(lambda x: F.hinge(x, t, norm, reduce='no'), x,
                                  rng.randn(4, 3), atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.hinge(x, t, norm, reduce='sum')


def test_unknown_norm_is_also_a_not_implemented_error_as_in_v1():
    with pytest.raises(NotImplementedError, match='norm'):
        F.hinge(numpy.zeros((2, 3), numpy.float32), numpy.zeros(2, numpy.int32), 'L3')
    with pytest.raises(ValueError, match='norm'):
        F.hinge(numpy.zeros((2, 3), numpy.float32), numpy.zeros(2, numpy.int32), 'L3')
