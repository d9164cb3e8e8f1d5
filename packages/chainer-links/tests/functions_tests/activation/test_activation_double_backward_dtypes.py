"""Second-order gradients of the activations in float16, float32 and float64. The
piecewise linear ones (relu6, clipped_relu, leaky_relu, crelu, hard_sigmoid, rrelu,
prelu, maxout) are checked away from their kinks, where their second derivative in
the input is zero; the check then tests the mixed terms (the gradient's linearity in
the output gradient, and prelu's slope)."""
import numpy
import pytest

import chainer
import chainer.functions as F

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _away_from(x, kinks, margin=.1):
    for k in kinks:
        near = abs(x - k) < margin
        x[near] = k + margin * numpy.where(x[near] < k, -1, 1)
    return x


# (id, function, makes the inputs from (rng, dtype))
CASES = [
    ('clipped_relu', lambda x: F.clipped_relu(x, 1.5),
     lambda rng, dt: (_away_from(rng.uniform(-2, 2, (2, 3)), [0, 1.5]).astype(dt),)),
    ('crelu', lambda x: F.crelu(x, axis=1),
     lambda rng, dt: (_away_from(rng.uniform(-1, 1, (2, 3)), [0]).astype(dt),)),
    ('elu', lambda x: F.elu(x, 0.5),
     lambda rng, dt: (_away_from(rng.uniform(-1, 1, (2, 3)), [0]).astype(dt),)),
    ('hard_sigmoid', F.hard_sigmoid,
     lambda rng, dt: (_away_from(rng.uniform(-3, 3, (2, 3)), [-2.5, 2.5]).astype(dt),)),
    ('leaky_relu', lambda x: F.leaky_relu(x, 0.3),
     lambda rng, dt: (_away_from(rng.uniform(-1, 1, (2, 3)), [0]).astype(dt),)),
    ('log_softmax', F.log_softmax, lambda rng, dt: (rng.uniform(-1, 1, (2, 3)).astype(dt),)),
    ('maxout', lambda x: F.maxout(x, 2),
     lambda rng, dt: ((rng.permutation(12).reshape(2, 6) * .2 - 1).astype(dt),)),
    ('prelu', F.prelu,
     lambda rng, dt: (_away_from(rng.uniform(-1, 1, (2, 3)), [0]).astype(dt),
                      rng.uniform(.1, .5, (3,)).astype(dt))),
    ('relu6', F.relu6,
     lambda rng, dt: (_away_from(rng.uniform(-2, 8, (2, 3)), [0, 6]).astype(dt),)),
    ('rrelu', lambda x: F.rrelu(x, r=numpy.full(x.shape, .2, x.dtype)),
     lambda rng, dt: (_away_from(rng.uniform(-1, 1, (2, 3)), [0]).astype(dt),)),
    ('selu', F.selu,
     lambda rng, dt: (_away_from(rng.uniform(-1, 1, (2, 3)), [0]).astype(dt),)),
    ('softplus', lambda x: F.softplus(x, 2.0),
     lambda rng, dt: (rng.uniform(-1, 1, (2, 3)).astype(dt),)),
    ('swish', F.swish,
     lambda rng, dt: (rng.uniform(-1, 1, (2, 3)).astype(dt),
                      rng.uniform(.5, 1.5, (3,)).astype(dt))),
]


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
@pytest.mark.parametrize('name,func,make', CASES, ids=[c[0] for c in CASES])
def test_differentiable_twice(rng, check_double_backward, name, func, make, dtype):
    check_double_backward(func, make(rng, dtype))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_relu6_second_derivative_is_zero(rng, dtype):
    x = chainer.Variable(_away_from(rng.uniform(-2, 8, (2, 3)), [0, 6]).astype(dtype))
    gx, = chainer.grad([F.sum(F.relu6(x))], [x], enable_double_backprop=True)
    numpy.testing.assert_array_equal(gx.array, (x.array > 0) & (x.array < 6))
    ggx, = chainer.grad([F.sum(gx * gx)], [x])
    assert ggx is None or not numpy.any(ggx.array)
