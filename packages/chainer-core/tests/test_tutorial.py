"""The tutorial's snippets (spec 001 §2.1.2, §2.4) give the documented values, and a
two-layer perceptron built from chainer-core alone (a local Function, Chain and
GradientMethod) learns."""
import numpy as np

import chainer
from chainer import Function, gradient_check, Variable
from chainer.utils import type_check


def test_forward_backward_snippet():
    x = Variable(np.array([5], dtype=np.float32))
    y = x ** 2 - 2 * x + 1
    np.testing.assert_array_equal(y.data, np.array([16.0], dtype=np.float32))
    assert y.data.dtype == np.float32
    y.backward()
    np.testing.assert_array_equal(x.grad, np.array([8.0], dtype=np.float32))


def test_retain_grad_snippet():
    x = Variable(np.array([5], dtype=np.float32))
    z = 2 * x
    y = x ** 2 - z + 1
    y.backward(retain_grad=True)
    np.testing.assert_array_equal(z.grad, np.array([-1.0], dtype=np.float32))


def test_multi_element_snippet():
    x = Variable(np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32))
    y = x ** 2 - 2 * x + 1
    y.grad = np.ones((2, 3), dtype=np.float32)
    y.backward()
    np.testing.assert_array_equal(x.grad, [[0, 2, 4], [6, 8, 10]])


class MulAdd(Function):
    """The §2.4 example: w = x * y + z."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        x, y, z = in_types
        type_check.expect(x.dtype == np.float32, y.dtype == np.float32,
                          z.dtype == np.float32, x.shape == y.shape, y.shape == z.shape)

    def forward_cpu(self, inputs):
        x, y, z = inputs
        return x * y + z,

    def backward_cpu(self, inputs, grad_outputs):
        x, y, z = inputs
        gw, = grad_outputs
        return y * gw, x * gw, gw


def muladd(x, y, z):
    return MulAdd()(x, y, z)


def test_muladd_example():
    rng = np.random.RandomState(0)
    x, y, z = [Variable(rng.uniform(-1, 1, (3, 2)).astype(np.float32)) for _ in range(3)]
    w = muladd(x, y, z)
    np.testing.assert_allclose(w.data, x.data * y.data + z.data)
    gradient_check.check_backward(muladd, (x.data, y.data, z.data),
                                  rng.uniform(-1, 1, (3, 2)).astype(np.float32),
                                  atol=1e-3, rtol=1e-3)
    try:
        muladd(x, y, Variable(np.zeros((3, 2), np.float64)))
    except type_check.InvalidType as e:
        assert 'in_types[2].dtype == numpy.float32' in str(e)
    else:
        raise AssertionError('MulAdd accepted a float64 input')


# ----------------------------------------------------- a perceptron on core alone


class LinearFunction(Function):
    """y = x W^T + b."""

    def forward(self, inputs):
        x, W, b = inputs
        return x.dot(W.T) + b,

    def backward(self, inputs, grad_outputs):
        x, W, b = inputs
        gy, = grad_outputs
        return gy.dot(W), gy.T.dot(x), gy.sum(axis=0)


class Tanh(Function):
    def forward(self, inputs):
        self.y = np.tanh(inputs[0])
        return self.y,

    def backward(self, inputs, grad_outputs):
        return grad_outputs[0] * (1 - self.y * self.y),


class MeanSquaredError(Function):
    def forward(self, inputs):
        x, t = inputs
        self.diff = x - t
        return np.array(np.mean(self.diff ** 2), dtype=x.dtype),

    def backward(self, inputs, grad_outputs):
        g = grad_outputs[0] * 2 * self.diff / self.diff.size
        return g, -g


class Linear(chainer.Link):
    def __init__(self, n_in, n_out, rng):
        super().__init__(W=(n_out, n_in), b=n_out)
        self.W.data[...] = rng.normal(0, 1 / np.sqrt(n_in), (n_out, n_in))
        self.b.data[...] = 0

    def __call__(self, x):
        return LinearFunction()(x, self.W, self.b)


class MLP(chainer.Chain):
    def __init__(self, rng):
        super().__init__(l1=Linear(2, 8, rng), l2=Linear(8, 1, rng))

    def __call__(self, x):
        return self.l2(Tanh()(self.l1(x)))


class MomentumSGD(chainer.GradientMethod):
    def __init__(self, lr, momentum=0.9):
        self.lr = lr
        self.momentum = momentum

    def init_state(self, param, state):
        state['v'] = np.zeros_like(param.data)

    def update_one(self, param, state):
        v = state['v']
        v *= self.momentum
        v -= self.lr * param.grad
        param.data += v


def test_two_layer_perceptron_learns_xor_like_targets():
    rng = np.random.RandomState(0)
    x = rng.uniform(-1, 1, (32, 2)).astype(np.float32)
    t = (x[:, :1] * x[:, 1:]).astype(np.float32) * 2  # XOR-like: not linear
    model = MLP(rng)
    opt = MomentumSGD(lr=0.1)
    opt.setup(model)

    def lossfun(x, t):
        return MeanSquaredError()(model(x), t)

    first = float(lossfun(x, t).data)
    for _ in range(300):
        opt.update(lossfun, x, t)
    last = float(lossfun(x, t).data)
    assert opt.t == 300
    assert model.l1.W.data.dtype == np.float32
    assert last < 0.2 * first, (first, last)
