"""erf and its kin, lgamma, digamma, polygamma, zeta, ndtr, log_ndtr, ndtri (SciPy's
special functions), arctanh, fix and sign: forward against a reference, gradients of
first and second order."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer.utils import type_check

UNARY = [  # (name in F, name in scipy.special, low, high)
    ('erf', 'erf', -1, 1), ('erfc', 'erfc', -1, 1), ('erfinv', 'erfinv', -.7, .7),
    ('erfcinv', 'erfcinv', .3, 1.7), ('erfcx', 'erfcx', -1, 1),
    ('ndtr', 'ndtr', -1, 1), ('log_ndtr', 'log_ndtr', -2, 2),
    ('ndtri', 'ndtri', .2, .8), ('lgamma', 'gammaln', 1, 3),
    ('digamma', 'digamma', 1, 3),
]


@pytest.mark.parametrize('name,ref,low,high', UNARY)
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_unary_special_function(rng, name, ref, low, high, dtype):
    special = pytest.importorskip('scipy.special')
    func = getattr(F, name)
    x = rng.uniform(low, high, (3, 2)).astype(dtype)
    y = func(x)
    assert y.dtype == dtype
    tol = 1e-2 if dtype == numpy.float16 else 1e-5
    numpy.testing.assert_allclose(y.data, getattr(special, ref)(x.astype(numpy.float64)),
                                  rtol=tol, atol=tol)
    if dtype == numpy.float64:
        gradient_check.check_backward(func, x, rng.randn(3, 2))
        gradient_check.check_double_backward(func, x, rng.randn(3, 2), rng.randn(3, 2),
                                             atol=1e-4, rtol=1e-4)


def test_polygamma(rng):
    special = pytest.importorskip('scipy.special')
    n = rng.randint(3, size=(3, 2)).astype(numpy.int32)
    x = rng.uniform(1, 3, (3, 2))
    numpy.testing.assert_allclose(F.polygamma(n, x).data, special.polygamma(n, x))

    def func(x):
        return F.polygamma(n, x)
    gradient_check.check_backward(func, x, rng.randn(3, 2))
    gradient_check.check_double_backward(func, x, rng.randn(3, 2), rng.randn(3, 2),
                                         atol=1e-4, rtol=1e-4)
    with pytest.raises(type_check.InvalidType):
        F.polygamma(n.astype(numpy.float64), x)


def test_zeta(rng):
    special = pytest.importorskip('scipy.special')
    s = rng.uniform(2, 4, (3, 2))
    q = rng.uniform(1, 3, (3, 2))
    numpy.testing.assert_allclose(F.zeta(s, q).data, special.zeta(s, q))

    def func(q):
        return F.zeta(s, q)
    gradient_check.check_backward(func, q, rng.randn(3, 2))
    gradient_check.check_double_backward(func, q, rng.randn(3, 2), rng.randn(3, 2),
                                         atol=1e-4, rtol=1e-4)


def test_special_functions_need_scipy_on_the_cpu():
    try:
        import scipy  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match='scipy'):
            F.erf(numpy.zeros(2, numpy.float32))
    else:
        pytest.skip('SciPy is installed')


def test_arctanh(rng):
    x = rng.uniform(-.7, .7, (3, 2))
    numpy.testing.assert_allclose(F.arctanh(x).data, numpy.arctanh(x))
    gradient_check.check_backward(F.arctanh, x, rng.randn(3, 2))
    gradient_check.check_double_backward(F.arctanh, x, rng.randn(3, 2), rng.randn(3, 2))


@pytest.mark.parametrize('name', ['fix', 'sign'])
def test_fix_and_sign_are_piecewise_constant(name):
    x = chainer.Variable(numpy.array([-1.5, -0.25, 0.0, 0.75, 2.5]))
    y = getattr(F, name)(x)
    numpy.testing.assert_array_equal(y.data, getattr(numpy, name)(x.data))
    gx, = chainer.grad([F.sum(y)], [x])
    assert gx is None or not gx.data.any()


def test_zeta_uses_the_exponents_in_the_dtype_of_q(rng):
    pytest.importorskip('scipy.special')
    s = rng.uniform(2, 4, (3,)).astype(numpy.float16)
    q = rng.uniform(1, 2, (3,))
    assert F.zeta(s, q).dtype == numpy.float64
