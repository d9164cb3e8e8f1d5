"""F.linear of float16 host arrays multiplies in float32 (BLAS) and rounds once to
float16, as a GPU's float16 GEMM accumulates in float32: the mixed16 MLP on a CPU
runs at about twice float32's time instead of some 50 times (numpy's float16
products run outside BLAS). Outputs and gradients keep float16 (the weight's
gradient the weight's dtype)."""
import numpy
import pytest

import chainer
import chainer.functions as F


def _operands(w_dtype=numpy.float16, seed=0):
    rng = numpy.random.RandomState(seed)
    x = rng.uniform(-1, 1, (7, 3, 5)).astype(numpy.float16)
    W = rng.uniform(-1, 1, (4, 15)).astype(w_dtype)
    b = rng.uniform(-1, 1, 4).astype(numpy.float16)
    return x, W, b


def _rounded(a):
    return a.astype(numpy.float16).astype(numpy.float64)


@pytest.mark.parametrize('w_dtype', [numpy.float16, numpy.float32])
def test_forward_and_gradients_are_the_float32_products_rounded(w_dtype):
    x, W, b = _operands(w_dtype)
    xv, Wv, bv = chainer.Variable(x), chainer.Variable(W), chainer.Variable(b)
    y = F.linear(xv, Wv, bv)
    gy = numpy.random.RandomState(1).uniform(-1, 1, y.shape).astype(numpy.float16)
    y.grad = gy
    y.backward()
    x2 = x.reshape(7, 15).astype(numpy.float64)
    W64 = _rounded(W)  # a float32 weight is cast to the input's dtype (v1)
    assert y.dtype == numpy.float16 and xv.grad.dtype == numpy.float16
    assert Wv.grad.dtype == w_dtype
    # one rounding of an exact (float64-accurate) product: within half a float16 ulp
    # of the float32 result, far tighter than check_backward's float16 tolerance
    tol = dict(rtol=2 ** -10, atol=2 ** -14)
    numpy.testing.assert_allclose(y.array, _rounded(x2 @ W64.T) + b, **tol)
    numpy.testing.assert_allclose(xv.grad.reshape(7, 15), gy.astype('d') @ W64, **tol)
    numpy.testing.assert_allclose(Wv.grad, gy.astype('d').T @ x2, **tol)


def test_float16_training_steps_stay_float16():
    x, W, b = _operands()
    with chainer.using_config('dtype', chainer.mixed16):
        link = chainer.links.Linear(15, 4)
    link.cleargrads()
    loss = F.sum(link(x) ** 2)
    loss.backward()
    assert link.W.grad.dtype == numpy.float16 and numpy.isfinite(link.W.grad).all()
