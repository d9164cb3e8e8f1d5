import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _reference(c1, c2, x1, x2):
    c1, c2, x1, x2 = (v.astype(numpy.float64) for v in (c1, c2, x1, x2))
    a1, i1, f1, o1 = (x1[:, j::4] for j in range(4))
    a2, i2, f2, o2 = (x2[:, j::4] for j in range(4))
    # Each child's input through its own gates, as Chainer v1 computes it.
    c = (numpy.tanh(a1) * _sigmoid(i1) + numpy.tanh(a2) * _sigmoid(i2) +
         c1 * _sigmoid(f1) + c2 * _sigmoid(f2))
    return c, numpy.tanh(c) * _sigmoid(o1 + o2)


def _inputs(dtype, c_shape):
    x_shape = (c_shape[0], 4 * c_shape[1]) + c_shape[2:]
    return tuple(numpy.random.uniform(-1, 1, s).astype(dtype)
                 for s in (c_shape, c_shape, x_shape, x_shape))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('c_shape', [(3, 2), (2, 2, 2)])
def test_forward(dtype, c_shape):
    inputs = _inputs(dtype, c_shape)
    c, h = F.slstm(*inputs)
    assert c.data.dtype == dtype and h.data.dtype == dtype
    c_ref, h_ref = _reference(*inputs)
    tol = dict(atol=5e-3, rtol=5e-3) if dtype == numpy.float16 else {}
    testing.assert_allclose(c.data, c_ref, **tol)
    testing.assert_allclose(h.data, h_ref, **tol)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('c_shape', [(3, 2), (2, 2, 2)])
def test_backward(dtype, c_shape, check_backward):
    inputs = _inputs(dtype, c_shape)
    gc = numpy.random.randn(*c_shape).astype(dtype)
    gh = numpy.random.randn(*c_shape).astype(dtype)
    check_backward(F.slstm, inputs, (gc, gh))


def test_backward_from_h_only(check_backward):
    inputs = _inputs(numpy.float64, (2, 3))
    check_backward(lambda *v: F.slstm(*v)[1], inputs, numpy.random.randn(2, 3))


@pytest.mark.parametrize('shapes', [
    ((2, 3), (2, 3), (2, 12), (2, 8)),    # x2 differs from x1
    ((2, 3), (2, 2), (2, 12), (2, 12)),   # c2 differs from c1
    ((2, 3), (2, 3), (2, 10), (2, 10)),   # not 4 times the units
    ((2, 3), (2, 3), (1, 12), (1, 12)),   # batch mismatch
])
def test_bad_shapes_are_rejected(shapes):
    with pytest.raises(type_check.InvalidType):
        F.slstm(*[numpy.zeros(s, numpy.float32) for s in shapes])


def test_dtype_mismatch_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.slstm(numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3), numpy.float32),
                numpy.zeros((2, 12), numpy.float32), numpy.zeros((2, 12), numpy.float64))


def test_each_child_input_has_its_own_gates_as_in_v1():
    # One unit; gate order a, i, f, o. Child 1 writes tanh(2) through an open input
    # gate, child 2 writes nothing through a closed one. Summing the inputs before the
    # gates (tanh(a1 + a2) sigmoid(i1 + i2)) would give tanh(2) / 2 instead.
    x1 = numpy.array([[2.0, 30.0, 0.0, 0.0]])
    x2 = numpy.array([[0.0, -30.0, 0.0, 0.0]])
    zeros = numpy.zeros((1, 1))
    c, _ = F.slstm(zeros, zeros, x1, x2)
    testing.assert_allclose(c.data, [[numpy.tanh(2.0)]])
