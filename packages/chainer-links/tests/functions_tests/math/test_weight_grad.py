import numpy
import pytest

from chainer.functions.math import _weight_grad


@pytest.mark.parametrize('n', [1, 2, 5])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_transposed_product_is_gy_transposed_times_x(n, dtype):
    rng = numpy.random.RandomState(n)
    gy = rng.rand(n, 3).astype(dtype)
    x = rng.rand(n, 4).astype(dtype)
    got = _weight_grad.transposed_product(gy, x)
    assert got.shape == (3, 4) and got.dtype == dtype
    numpy.testing.assert_allclose(got, gy.T.astype(numpy.float64) @ x, rtol=1e-5)
