"""Linear and (de)convolutions take a weight of another float dtype than the input, as
Chainer v1 did: the output and the input gradient keep the input's dtype, the weight
gradient the weight's."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing

#: (function, x shape, W shape, bias length)
CASES = {
    'linear': (F.linear, (3, 4), (2, 4), 2),
    'convolution_2d': (F.convolution_2d, (2, 3, 4, 4), (2, 3, 2, 2), 2),
    'dilated_convolution_2d': (lambda x, W, b: F.dilated_convolution_2d(x, W, b, dilate=2),
                               (2, 3, 5, 5), (2, 3, 2, 2), 2),
    'convolution_nd': (F.convolution_nd, (2, 3, 4), (2, 3, 2), 2),
    'deconvolution_2d': (F.deconvolution_2d, (2, 3, 3, 3), (3, 2, 2, 2), 2),
    'deconvolution_nd': (F.deconvolution_nd, (2, 3, 3), (3, 2, 2), 2),
}
DTYPE_PAIRS = [(numpy.float16, numpy.float32), (numpy.float32, numpy.float64),
               (numpy.float64, numpy.float16)]


@pytest.mark.parametrize('name', sorted(CASES))
@pytest.mark.parametrize('x_dtype,w_dtype', DTYPE_PAIRS)
def test_weight_of_another_dtype_as_in_v1(name, x_dtype, w_dtype):
    func, x_shape, w_shape, n_out = CASES[name]
    rng = numpy.random.RandomState(0)
    x = chainer.Variable(rng.uniform(-1, 1, x_shape).astype(x_dtype))
    W = chainer.Variable(rng.uniform(-1, 1, w_shape).astype(w_dtype))
    b = chainer.Variable(rng.uniform(-1, 1, n_out).astype(x_dtype))
    y = func(x, W, b)
    assert y.dtype == x_dtype
    # The same as with the weight given in the input's dtype.
    expected = func(x.data, W.data.astype(x_dtype), b.data)
    testing.assert_allclose(y.data, expected.data, atol=1e-3, rtol=1e-3)

    y.grad = rng.uniform(-1, 1, y.shape).astype(x_dtype)
    y.backward()
    assert x.grad.dtype == x_dtype
    assert W.grad.dtype == w_dtype
    assert b.grad.dtype == x_dtype
    W_same = chainer.Variable(W.data.astype(x_dtype))
    y_same = func(x.data, W_same, b.data)
    y_same.grad = y.grad
    y_same.backward()
    tol = 5e-2 if numpy.float16 in (x_dtype, w_dtype) else 1e-5
    testing.assert_allclose(W.grad, W_same.grad.astype(w_dtype), atol=tol, rtol=tol)
