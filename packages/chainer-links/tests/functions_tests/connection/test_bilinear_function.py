"""F.bilinear against the formula by einsum."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _data(dtype, e1_shape=(3, 2), e2_shape=(3, 3)):
    J = int(numpy.prod(e1_shape[1:]))
    K = int(numpy.prod(e2_shape[1:]))
    L = 2
    u = numpy.random.uniform
    return (u(-1, 1, e1_shape).astype(dtype), u(-1, 1, e2_shape).astype(dtype),
            u(-1, 1, (J, K, L)).astype(dtype), u(-1, 1, (J, L)).astype(dtype),
            u(-1, 1, (K, L)).astype(dtype), u(-1, 1, L).astype(dtype))


def _reference(e1, e2, W, V1=None, V2=None, b=None):
    e1 = e1.reshape(len(e1), -1).astype(numpy.float64)
    e2 = e2.reshape(len(e2), -1).astype(numpy.float64)
    y = numpy.einsum('ij,ik,jkl->il', e1, e2, W.astype(numpy.float64))
    if V1 is not None:
        y += e1 @ V1 + e2 @ V2 + b
    return y


@pytest.mark.parametrize('linear_terms', [True, False])
@pytest.mark.parametrize('e1_shape', [(3, 2), (3, 1, 2)])
def test_forward(dtype, fwd_tol, linear_terms, e1_shape):
    data = _data(dtype, e1_shape)
    args = data if linear_terms else data[:3]
    y = F.bilinear(*args)
    assert y.dtype == dtype
    testing.assert_allclose(y.data, _reference(*args), **fwd_tol)


@pytest.mark.parametrize('linear_terms', [True, False])
@pytest.mark.parametrize('e1_shape', [(3, 2), (3, 1, 2)])
def test_backward(dtype, check_backward, linear_terms, e1_shape):
    data = _data(dtype, e1_shape)
    args = data if linear_terms else data[:3]
    gy = numpy.random.uniform(-1, 1, (3, 2)).astype(dtype)
    check_backward(F.bilinear, args, gy)


def test_partial_linear_terms_are_rejected():
    e1, e2, W, V1, V2, b = _data(numpy.float32)
    with pytest.raises(ValueError, match='all together'):
        F.bilinear(e1, e2, W, V1)


def test_invalid_type():
    e1, e2, W, V1, V2, b = _data(numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.bilinear(e1, e2[:2], W)               # batch sizes differ
    with pytest.raises(type_check.InvalidType):
        F.bilinear(e1, e2, W[:1])               # J mismatch
    with pytest.raises(type_check.InvalidType):
        F.bilinear(e1, e2, W, V1, V2, b[:1])    # bias length
    with pytest.raises(type_check.InvalidType):
        F.bilinear(e1, e2.astype(numpy.float64), W)
