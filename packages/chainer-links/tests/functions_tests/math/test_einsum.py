"""F.einsum (v5+): numpy.einsum's sums, both call forms, gradients of any order."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer.functions.math import einsum as einsum_module
from chainer.utils import type_check

CASES = [
    ('ij,jk->ik', [(2, 3), (3, 4)]),
    (',ij->i', [(), (3, 2)]),
    ('ij,jk,kl->il', [(2, 2), (2, 3), (3, 2)]),
    ('ij,ij->i', [(2, 3), (2, 3)]),
    ('ij,jk', [(2, 3), (3, 2)]),              # implicit output 'ik'
    ('ba', [(2, 3)]),                        # implicit output sorts: 'ab', a transpose
    ('i->', [(3,)]),
    ('ii', [(3, 3)]),                          # the trace
    ('ii->i', [(3, 3)]),                       # the diagonal
    ('j,iij', [(3,), (2, 2, 3)]),
    ('...ij,...jk->...ik', [(2, 1, 2, 3), (2, 1, 3, 2)]),
    ('i...j,jk...->k...i', [(2, 2, 3), (3, 2, 2)]),
    ('ii...,...jj', [(2, 2, 3), (3, 2, 2)]),
    ('...ij->ij', [(2, 3)]),                   # an ellipsis of no axis may be dropped
    ('i,i,i->i', [(3,), (3,), (3,)]),
]


def _reference(subscripts, xs):
    return numpy.einsum(subscripts, *[x.astype(numpy.float64) for x in xs])


@pytest.mark.parametrize('subscripts,shapes', CASES)
def test_forward_and_gradients(dtype, subscripts, shapes):
    rng = numpy.random.RandomState(1)
    xs = tuple(rng.uniform(-1, 1, s).astype(dtype) for s in shapes)
    y = F.einsum(subscripts, *xs)
    expected = _reference(subscripts, xs)
    assert y.dtype == dtype and y.shape == expected.shape
    tol = 5e-3 if dtype == numpy.float16 else 1e-6
    numpy.testing.assert_allclose(y.data, expected, atol=tol, rtol=tol)

    def func(*xs):
        return F.einsum(subscripts, *xs)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    ggx = tuple(rng.uniform(-1, 1, s).astype(dtype) for s in shapes)
    opts = dict(atol=1e-2, rtol=1e-2) if dtype != numpy.float64 else {}
    gradient_check.check_backward(func, xs, gy, dtype=numpy.float64, **opts)
    gradient_check.check_double_backward(func, xs, gy, ggx, dtype=numpy.float64, **opts)


def test_sublist_form_is_the_string_form():
    rng = numpy.random.RandomState(2)
    a, b = rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (4, 3, 5))
    y = F.einsum(a, [0, 1], b, [Ellipsis, 1, 2], [Ellipsis, 0, 2])
    numpy.testing.assert_allclose(y.data, numpy.einsum('ab,...bc->...ac', a, b))
    # without the output sublist: the letters that occur once, in order
    z = F.einsum(a, [1, 0], a, [1, 2])
    numpy.testing.assert_allclose(z.data, a.T @ a)


def test_the_result_is_no_view_of_the_input():
    x = numpy.arange(9.).reshape(3, 3)
    y = F.einsum('ii->i', x)
    y.data[...] = -1
    assert x[0, 0] == 0


def test_mixed_dtypes_give_the_promoted_dtype_and_input_dtype_gradients():
    a = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    b = chainer.Variable(numpy.ones((3,), numpy.float64))
    y = F.einsum('ij,j->i', a, b)
    assert y.dtype == numpy.float64
    F.sum(y).backward()
    assert a.grad.dtype == numpy.float32 and b.grad.dtype == numpy.float64
    numpy.testing.assert_array_equal(a.grad, numpy.ones((2, 3)))
    numpy.testing.assert_array_equal(b.grad, [2., 2., 2.])


@pytest.mark.parametrize('subscripts,shapes', [
    ('i,i', [(2,), (3,)]),
    ('ii', [(2, 3)]),
    ('ij', [(2,)]),
    ('...i,...i', [(2, 2), (3, 2)]),
    ('...i,...i', [(2, 2), (1, 2)]),   # no broadcasting
    ('...i,...i', [(2,), (1, 2)]),
    ('i...,j...', [(2, 3), (3, 2)]),
])
def test_shapes_that_do_not_fit_raise_invalid_type(subscripts, shapes):
    with pytest.raises(type_check.InvalidType):
        F.einsum(subscripts, *[numpy.zeros(s, numpy.float32) for s in shapes])


def test_integer_operands_raise_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.einsum('i->', numpy.arange(3))


@pytest.mark.parametrize('subscripts,shapes', [
    ('i,i', [(2,), (2,), (2,)]),     # count of operands
    ('i,i', [(2,)]),
    ('i,i->j', [(2,), (2,)]),        # output letter not in the inputs
    ('i,i->...', [(2,), (2,)]),
    ('ij->ii', [(2, 2)]),            # repeated output letter
    ('i->->i', [(2,)]),
    ('i.j', [(2, 2)]),
    ('i1', [(2, 2)]),
    ('...->', [(2,)]),               # summing over the axes of an ellipsis
    ('j...i->ij', [(2, 1, 3)]),
])
def test_subscripts_that_cannot_be_read_raise_value_error(subscripts, shapes):
    with pytest.raises(ValueError):
        F.einsum(subscripts, *[numpy.zeros(s, numpy.float32) for s in shapes])


def test_bad_sublist_raises_type_error():
    with pytest.raises(TypeError):
        F.einsum(numpy.zeros(2), ['a'])


@pytest.mark.parametrize('in_subs,out_sub,shapes,out_shape', [
    ('i', 'ij', [(3,)], (3, 4)),          # broadcast along a new letter
    ('', 'i', [()], (3,)),
    (',i', 'ij', [(), (2,)], (2, 3)),
    ('i', 'ii', [(3,)], (3, 3)),          # written on the diagonal
    ('ij', 'iij', [(2, 3)], (2, 2, 3)),
])
def test_diag_einsum_is_the_adjoint_of_einsum(in_subs, out_sub, shapes, out_shape):
    rng = numpy.random.RandomState(3)
    xs = tuple(rng.uniform(-1, 1, s) for s in shapes)
    node = einsum_module.DiagEinSum(in_subs, out_sub, out_shape)
    y = node.apply(xs)[0]
    assert y.shape == out_shape
    # <DiagEinSum(x), g> == <x_last, EinSum(others, g -> sub_last)>: both are the
    # same multilinear form.
    g = rng.uniform(-1, 1, out_shape)
    subs = in_subs.split(',')
    others = ','.join(subs[:-1] + [out_sub])
    back = numpy.einsum(others + '->' + subs[-1], *(xs[:-1] + (g,)))
    numpy.testing.assert_allclose(numpy.sum(y.data * g), numpy.sum(back * xs[-1]))

    def func(*xs):
        return einsum_module.DiagEinSum(in_subs, out_sub, out_shape).apply(xs)[0]
    ggx = tuple(rng.uniform(-1, 1, s) for s in shapes)
    gradient_check.check_backward(func, xs, g)
    gradient_check.check_double_backward(func, xs, g, ggx)


def test_names():
    assert F.einsum is einsum_module.einsum
    assert F.EinSum is einsum_module.EinSum
    assert F.DiagEinSum is einsum_module.DiagEinSum
