"""Second-order gradients of the normalizations in float16, float32 and float64:
batch renormalization (training and fixed), decorrelated batch normalization
(training and fixed) and local response normalization (whose backward works on
arrays, and on Variables in a double backprop)."""
import numpy
import pytest

import chainer.functions as F

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _u(rng, dtype, *shape, low=-1, high=1):
    return rng.uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_batch_renormalization_with_clipped_corrections(rng, check_double_backward, dtype):
    # r and d are constants of the graph (no gradient flows through the batch
    # statistics into them, as in the paper): a numerical second derivative sees
    # them constant only where they are clipped at rmax and dmax
    mean = numpy.full(3, 2, dtype)
    var = numpy.full(3, 4, dtype)

    def f(x, gamma, beta):
        return F.batch_renormalization(x, gamma, beta, 1.1, 0.1, running_mean=mean.copy(),
                                       running_var=var.copy())

    check_double_backward(f, (_u(rng, dtype, 5, 3), _u(rng, dtype, 3, low=.5, high=1.5),
                              _u(rng, dtype, 3)))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_fixed_batch_renormalization(rng, check_double_backward, dtype):
    with pytest.warns(DeprecationWarning):
        F.fixed_batch_renormalization(_u(rng, dtype, 2, 3), _u(rng, dtype, 3),
                                      _u(rng, dtype, 3), _u(rng, dtype, 3),
                                      _u(rng, dtype, 3, low=.5, high=1))
    check_double_backward(
        F.fixed_batch_renormalization,
        (_u(rng, dtype, 4, 3), _u(rng, dtype, 3), _u(rng, dtype, 3), _u(rng, dtype, 3),
         _u(rng, dtype, 3, low=.5, high=1.5)))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_decorrelated_batch_normalization(rng, check_double_backward, dtype):
    def f(x):
        return F.decorrelated_batch_normalization(x, groups=2)

    # well-conditioned covariances: the whitening's derivatives stay moderate
    options = {'atol': 3e-1, 'rtol': 3e-1} if dtype == numpy.float16 else {}
    check_double_backward(f, _u(rng, dtype, 8, 4), **options)


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_fixed_decorrelated_batch_normalization(rng, check_double_backward, dtype):
    mean = _u(rng, dtype, 2, 2)
    projection = _u(rng, dtype, 2, 2, 2)

    def f(x, m, p):
        return F.fixed_decorrelated_batch_normalization(x, m, p, groups=2)

    check_double_backward(f, (_u(rng, dtype, 3, 4), mean, projection))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_local_response_normalization(rng, check_double_backward, dtype):
    def f(x):
        return F.local_response_normalization(x, n=3, k=1, alpha=.5, beta=.75)

    check_double_backward(f, _u(rng, dtype, 2, 5, 2, 2))


@pytest.mark.parametrize('n', [1, 2, 5])
def test_local_response_normalization_graph_gradient_equals_array_gradient(rng, n):
    import chainer
    x = chainer.Variable(_u(rng, numpy.float64, 2, 4, 3))
    gy = _u(rng, numpy.float64, 2, 4, 3)

    def f():
        return F.local_response_normalization(x, n=n, k=1, alpha=.5, beta=.75)

    first, = chainer.grad([f()], [x], [gy])
    graph, = chainer.grad([f()], [x], [chainer.Variable(gy)], enable_double_backprop=True)
    assert first.creator is None and graph.creator is not None
    numpy.testing.assert_allclose(graph.array, first.array, rtol=1e-12)
