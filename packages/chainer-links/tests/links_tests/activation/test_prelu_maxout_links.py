"""PReLU and Maxout."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def test_prelu_forward():
    link = L.PReLU(shape=(3,), init=0.1)
    numpy.testing.assert_array_equal(link.W.data, numpy.float32(0.1))
    link.W.data[...] = [0.1, 0.2, 0.3]
    x = _x(2, 3, 2)
    expected = numpy.where(x > 0, x, x * link.W.data[:, None])
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data, expected)
    assert L.PReLU().W.shape == ()
    with pytest.raises(ValueError, match='shape'):
        L.PReLU(shape=(-1,))


def test_maxout_forward_and_initial_values():
    link = L.Maxout(3, 2, 4)
    assert link.linear.W.shape == (8, 3)
    numpy.testing.assert_array_equal(link.linear.b.data, 0)
    x = _x(5, 3)
    z = (x.dot(link.linear.W.data.T) + link.linear.b.data).reshape(5, 2, 4)
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data, z.max(axis=2),
                                  rtol=1e-6)
    W, b = _x(2, 4, 3), _x(2, 4)
    link = L.Maxout(3, 2, 4, initialW=W, initial_bias=b)
    numpy.testing.assert_array_equal(link.linear.W.data, W.reshape(8, 3))
    numpy.testing.assert_array_equal(link.linear.b.data, b.reshape(8))
    assert L.Maxout(3, 2, 4, initial_bias=None).linear.b is None
    numpy.testing.assert_array_equal(
        F.maxout(L.Maxout(3, 2, 4, initial_bias=1.5).linear.b.data[None], 4).data,
        1.5)


@pytest.mark.parametrize('make,match', [
    (lambda: L.Maxout(3, 2, 0), 'pool_size'),
    (lambda: L.Maxout(3, 2, 4, initialW=numpy.ones((2, 3), 'f')), 'initialW'),
    (lambda: L.Maxout(3, 2, 4, initial_bias=numpy.ones(3, 'f')), 'initial_bias'),
])
def test_bad_constructor_arguments(make, match):
    with pytest.raises(ValueError, match=match):
        make()


CASES = {
    'PReLU': (lambda: L.PReLU(shape=(3,)), (4, 3)),
    'Maxout': (lambda: L.Maxout(3, 2, 3), (4, 3)),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_backward_serialization_copies(name, tmp_path):
    make, shape = CASES[name]
    link = make()
    x = numpy.random.randn(*shape)
    y_shape = link(chainer.Variable(x.astype(numpy.float32))).shape
    link_checks.check_backward(link, x, numpy.random.randn(*y_shape))
    x32 = x.astype(numpy.float32)

    def call(link):
        return link(chainer.Variable(x32))
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)


def test_mis_shaped_input():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.PReLU(shape=(3,))(chainer.Variable(_x(2, 4)))
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.Maxout(3, 2, 2)(chainer.Variable(_x(2, 4)))


def test_maxout_takes_the_v2_positional_order_and_initializers():
    import chainer.initializers as I
    rng = numpy.random.RandomState(0)
    W = rng.randn(4, 3, 2).astype(numpy.float32)
    b = rng.randn(4, 3).astype(numpy.float32)
    link = L.Maxout(2, 4, 3, W, b)  # v2+: (in_size, out_size, pool_size, initialW, initial_bias)
    numpy.testing.assert_array_equal(link.linear.W.data, W.reshape(12, 2))
    numpy.testing.assert_array_equal(link.linear.b.data, b.ravel())
    link = L.Maxout(2, 4, 3, I.Constant(0.5))
    assert (link.linear.W.data == 0.5).all()
    assert L.Maxout(2, 4, 3, 1.0).linear.W.shape == (12, 2)  # a number: v1's wscale
