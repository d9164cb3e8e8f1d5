"""Second-order gradients of every differentiable function of the math family in
float16, float32 and float64 (the float64-only checks live beside the functions'
own tests). Inputs are drawn where each function is smooth and well conditioned."""
import numpy
import pytest

import chainer.functions as F


def _u(low, high, shape):
    return (low, high, shape)


def _spd(rng, dtype, n=3):
    a = rng.uniform(-1, 1, (n, n))
    return (a @ a.T + n * numpy.eye(n)).astype(dtype)


# (id, function, input ranges): each input uniform in [low, high) of the given shape
SMOOTH = [
    ('add', lambda a, b, c: F.add(a, b, c), [_u(-1, 1, (2, 3))] * 3),
    ('arccos', F.arccos, [_u(-.6, .6, (2, 3))]),
    ('arcsin', F.arcsin, [_u(-.6, .6, (2, 3))]),
    ('arctan', F.arctan, [_u(-1, 1, (2, 3))]),
    ('arctan2', F.arctan2, [_u(.5, 1, (2, 3)), _u(.5, 1, (2, 3))]),
    ('arctanh', F.arctanh, [_u(-.5, .5, (2, 3))]),
    ('average', lambda x, w: F.average(x, 1, w), [_u(-1, 1, (2, 3)), _u(.5, 1, (3,))]),
    ('batch_l2_norm_squared', F.batch_l2_norm_squared, [_u(-1, 1, (2, 3))]),
    ('batch_matmul', lambda a, b: F.batch_matmul(a, b),
     [_u(-1, 1, (2, 2, 3)), _u(-1, 1, (2, 3, 2))]),
    ('bias', lambda x, y: F.bias(x, y, axis=1), [_u(-1, 1, (2, 3)), _u(-1, 1, (3,))]),
    ('cos', F.cos, [_u(-1, 1, (2, 3))]),
    ('cosh', F.cosh, [_u(-1, 1, (2, 3))]),
    ('cumprod', lambda x: F.cumprod(x, axis=1), [_u(.5, 1.5, (2, 3))]),
    ('cumsum', lambda x: F.cumsum(x, axis=1), [_u(-1, 1, (2, 3))]),
    ('expm1', F.expm1, [_u(-1, 1, (2, 3))]),
    ('fmod', F.fmod, [_u(.1, .9, (2, 3)), _u(1, 2, (2, 3))]),
    ('identity', lambda x: F.identity(x) * x, [_u(-1, 1, (2, 3))]),
    ('linear_interpolate', F.linear_interpolate, [_u(0, 1, (2, 3)), _u(-1, 1, (2, 3)),
                                                  _u(-1, 1, (2, 3))]),
    ('log', F.log, [_u(.5, 2, (2, 3))]),
    ('log10', F.log10, [_u(.5, 2, (2, 3))]),
    ('log1p', F.log1p, [_u(-.4, 1, (2, 3))]),
    ('log2', F.log2, [_u(.5, 2, (2, 3))]),
    ('logsumexp', lambda x: F.logsumexp(x, axis=1), [_u(-1, 1, (2, 3))]),
    ('matmul', F.matmul, [_u(-1, 1, (2, 3)), _u(-1, 1, (3, 2))]),
    ('max', lambda x: F.max(x, axis=1), [_u(-1, 1, (2, 3))]),
    ('maximum', F.maximum, [_u(-1, 0, (2, 3)), _u(.1, 1, (2, 3))]),
    ('mean', lambda x: F.mean(x, axis=0), [_u(-1, 1, (2, 3))]),
    ('min', lambda x: F.min(x, axis=1), [_u(-1, 1, (2, 3))]),
    ('minimum', F.minimum, [_u(-1, 0, (2, 3)), _u(.1, 1, (2, 3))]),
    ('prod', lambda x: F.prod(x, axis=1), [_u(.5, 1.5, (2, 3))]),
    ('rsqrt', F.rsqrt, [_u(.5, 2, (2, 3))]),
    ('scale', lambda x, y: F.scale(x, y, axis=1), [_u(-1, 1, (2, 3)), _u(-1, 1, (3,))]),
    ('sin', F.sin, [_u(-1, 1, (2, 3))]),
    ('sinh', F.sinh, [_u(-1, 1, (2, 3))]),
    ('square', F.square, [_u(-1, 1, (2, 3))]),
    ('squared_difference', F.squared_difference, [_u(-1, 1, (2, 3)), _u(-1, 1, (2, 3))]),
    ('tan', F.tan, [_u(-.8, .8, (2, 3))]),
    ('tensordot', lambda a, b: F.tensordot(a, b, axes=1),
     [_u(-1, 1, (2, 3)), _u(-1, 1, (3, 2))]),
    ('fft', lambda r, i: F.fft((r, i)), [_u(-1, 1, (2, 4)), _u(-1, 1, (2, 4))]),
    ('ifft', lambda r, i: F.ifft((r, i)), [_u(-1, 1, (2, 4)), _u(-1, 1, (2, 4))]),
]

# functions of scipy.special on the CPU
SPECIAL = [
    ('digamma', F.digamma, [_u(1, 2, (2, 3))]),
    ('erf', F.erf, [_u(-1, 1, (2, 3))]),
    ('erfc', F.erfc, [_u(-1, 1, (2, 3))]),
    ('erfcinv', F.erfcinv, [_u(.6, 1.4, (2, 3))]),
    ('erfcx', F.erfcx, [_u(-.5, 1, (2, 3))]),
    ('erfinv', F.erfinv, [_u(-.4, .4, (2, 3))]),
    ('lgamma', F.lgamma, [_u(1, 2, (2, 3))]),
    ('log_ndtr', F.log_ndtr, [_u(-1, 1, (2, 3))]),
    ('ndtr', F.ndtr, [_u(-1, 1, (2, 3))]),
    ('ndtri', F.ndtri, [_u(.3, .7, (2, 3))]),
    ('polygamma', lambda x: F.polygamma(numpy.full((2, 3), 1, numpy.int32), x),
     [_u(1, 2, (2, 3))]),
    ('zeta', lambda q: F.zeta(3.0, q), [_u(1, 2, (2, 3))]),
]

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _inputs(rng, ranges, dtype):
    return tuple(rng.uniform(low, high, shape).astype(dtype) for low, high, shape in ranges)


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
@pytest.mark.parametrize('name,func,ranges', SMOOTH, ids=[e[0] for e in SMOOTH])
def test_differentiable_twice(rng, check_double_backward, name, func, ranges, dtype):
    check_double_backward(func, _inputs(rng, ranges, dtype))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
@pytest.mark.parametrize('name,func,ranges', SPECIAL, ids=[e[0] for e in SPECIAL])
def test_special_functions_differentiable_twice(rng, check_double_backward, name, func,
                                                ranges, dtype):
    pytest.importorskip('scipy.special')
    check_double_backward(func, _inputs(rng, ranges, dtype))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
@pytest.mark.parametrize('name', ['det', 'batch_det', 'inv', 'batch_inv', 'cholesky'])
def test_matrix_functions_differentiable_twice(rng, check_double_backward, name, dtype):
    a = _spd(rng, dtype)
    if name.startswith('batch_'):
        a = numpy.stack([a, _spd(rng, dtype)])
    func = getattr(F, name)
    if name == 'cholesky':
        # the gradient is taken on the symmetric part (a symmetric input stays so)
        def func(x):
            return F.cholesky((x + x.T) * .5)
    options = {'atol': 3e-1, 'rtol': 3e-1} if dtype == numpy.float16 else {}
    check_double_backward(func, a / 3, **options)
