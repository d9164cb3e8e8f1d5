import numpy

import chainer
import chainer.links as L
from chainer import gradient_check
from chainer import serializers


def test_beta_given_and_deferred():
    link = L.Swish((3,), beta_init=2.0)
    numpy.testing.assert_array_equal(link.beta.data, [2.0, 2.0, 2.0])
    deferred = L.Swish(None, beta_init=0.5)
    assert deferred.beta.data is None
    x = numpy.random.RandomState(0).randn(2, 3, 4).astype(numpy.float32)
    y = deferred(x)
    assert deferred.beta.shape == (3, 4)
    numpy.testing.assert_allclose(y.data, x / (1 + numpy.exp(-0.5 * x)), rtol=1e-6)


def test_gradients_reach_beta_and_differentiate_twice():
    rng = numpy.random.RandomState(1)
    link = L.Swish((3,))
    link.beta.data[:] = rng.uniform(0.5, 1.5, 3)
    x = rng.randn(4, 3)
    link.to_cpu()
    link.beta.data = link.beta.data.astype(numpy.float64)
    y = link(chainer.Variable(x))
    y.grad = numpy.ones_like(y.data)
    y.backward()
    assert link.beta.grad.shape == (3,)

    def func(x, beta):
        return chainer.functions.swish(x, beta)
    gradient_check.check_double_backward(func, (x, link.beta.data), rng.randn(4, 3),
                                         (rng.randn(4, 3), rng.randn(3)))


def test_serialization_round_trip(tmp_path):
    link = L.Swish((2,), beta_init=1.5)
    path = str(tmp_path / 'swish.npz')
    serializers.save_npz(path, link)
    other = L.Swish((2,), beta_init=0.0)
    serializers.load_npz(path, other)
    numpy.testing.assert_array_equal(other.beta.data, [1.5, 1.5])
