"""Weight gradients a^T b (chainer._product_grad): a backward may return a ProductGrad
for a host leaf that already has a gradient in the pass (the first one is computed at
once); the engine sums them as one product of their stacked operands; elsewhere the
dense array stands in."""
import numpy
import pytest

import chainer
from chainer import Variable
from chainer import _product_grad
from chainer import function
from chainer.function_adapter import _as_array
from chainer._product_grad import ProductGrad

PRODUCTS = []


def _product(a, b):
    PRODUCTS.append(len(a))
    return a.T.dot(b)


def _other_product(a, b):
    PRODUCTS.append(-len(a))
    return a.T.dot(b)


class Affine(chainer.Function):
    """y = x W^T; W's gradient as a ProductGrad where allowed."""

    product = staticmethod(_product)

    def forward(self, inputs):
        x, W = inputs
        return x.dot(W.T),

    def backward(self, inputs, grad_outputs):
        x, W = inputs
        gy, = grad_outputs
        needed = self._input_grads_needed(inputs)
        gW = ProductGrad(self.product, gy, x) if function.is_host_leaf(needed[1]) \
            else gy.T.dot(x)
        return gy.dot(W), gW


class OtherAffine(Affine):
    product = staticmethod(_other_product)


def _weight(cls=chainer.Parameter):
    return cls(numpy.linspace(-1, 1, 12, dtype=numpy.float64).reshape(3, 4))


def _xs(steps, rows=2):
    rng = numpy.random.RandomState(0)
    return [rng.randn(rows, 4) for _ in range(steps)]


def _backward(W, xs, functions=None, extra=None):
    """W used at every step, as an RNN uses its weights: the sum of the x_t W^T."""
    functions = functions or [Affine] * len(xs)
    total = None
    for f, x in zip(functions, xs):
        y = f()(Variable(x, requires_grad=False), W)
        total = y if total is None else total + y
    if extra is not None:
        total = total + extra
    total.grad = numpy.ones(total.shape)
    total.backward()


def _expected(xs, add=0):
    return sum(numpy.ones((len(x), 3)).T.dot(x) for x in xs) + add


@pytest.fixture(autouse=True)
def _fresh():
    del PRODUCTS[:]


@pytest.mark.parametrize('cls', [chainer.Parameter, Variable])
def test_later_products_are_taken_as_one(cls):
    W = _weight(cls)
    W.cleargrad()
    xs = _xs(5)
    _backward(W, xs)
    # the first computed at once (by the function where the parameter had no gradient
    # yet, by the engine for a plain leaf), the four others stacked
    assert PRODUCTS == ([8] if cls is chainer.Parameter else [2, 8])
    numpy.testing.assert_allclose(W.grad, _expected(xs), rtol=1e-12)


def test_a_gradient_kept_from_before_receives_one_product():
    W = _weight()
    W.cleargrad()
    xs = _xs(3)
    _backward(W, xs)
    held = W.grad
    del PRODUCTS[:]
    _backward(W, xs)  # no cleargrads: v1 accumulates
    assert PRODUCTS == [6] and W.grad is held
    numpy.testing.assert_allclose(held, 2 * _expected(xs), rtol=1e-12)


def test_products_are_taken_when_they_hold_many_rows(monkeypatch):
    monkeypatch.setattr(_product_grad, 'MAX_PENDING_ROWS', 4)
    W = _weight()
    W.cleargrad()
    xs = _xs(6)
    _backward(W, xs)
    assert PRODUCTS == [4, 4, 2]
    numpy.testing.assert_allclose(W.grad, _expected(xs), rtol=1e-12)


def test_products_of_another_function_are_taken_apart():
    W = _weight()
    W.cleargrad()
    xs = _xs(4)
    _backward(W, xs, [Affine, Affine, OtherAffine, OtherAffine])
    # backward meets the last steps first: one OtherAffine computed by the function,
    # the other waits and is taken alone when an Affine arrives; both Affines as one
    assert PRODUCTS == [-2, 4]
    numpy.testing.assert_allclose(W.grad, _expected(xs), rtol=1e-12)


def test_a_shared_gradient_is_not_added_into():
    W = _weight()
    W.cleargrad()
    xs = _xs(3)
    # (W + 0)'s backward hands its own gradient array on to W
    _backward(W, xs, extra=(W + 0)[:2, :3])
    expected = _expected(xs)
    expected[:2, :3] += 1
    numpy.testing.assert_allclose(W.grad, expected, rtol=1e-12)


def test_the_nan_gradient_of_an_untouched_parameter_stays_nan():
    W = _weight()  # a Parameter's gradient is NaN until cleared (v7)
    _backward(W, _xs(3))
    assert numpy.isnan(W.grad).all()


@pytest.mark.parametrize('how', ['retain_grad', 'debug', 'non-leaf'])
def test_dense_gradients_where_products_could_be_observed(how):
    W = _weight()
    W.cleargrad()
    xs = _xs(3)
    if how == 'debug':
        with chainer.using_config('debug', True):
            _backward(W, xs)
    elif how == 'non-leaf':
        _backward(W * 1.0, xs)
    else:
        y = Affine()(Variable(xs[0], requires_grad=False), W)
        y.grad = numpy.ones(y.shape)
        y.backward(retain_grad=True)
        xs = xs[:1]
    assert PRODUCTS == []
    numpy.testing.assert_allclose(W.grad, _expected(xs), rtol=1e-12)


def test_dense_and_repr():
    a, b = numpy.ones((2, 3), numpy.float32), numpy.ones((2, 4), numpy.float32)
    g = ProductGrad(_product, a, b)
    assert g.shape == (3, 4) and g.dtype == numpy.float32
    numpy.testing.assert_array_equal(g.dense(), numpy.full((3, 4), 2.0))
    numpy.testing.assert_array_equal(_as_array(g), g.dense())
    numpy.testing.assert_array_equal(
        _product_grad.stacked([g, ProductGrad(_product, a[:1], b[:1])]),
        numpy.full((3, 4), 3.0))
    assert 'product over 2 rows' in repr(g)
