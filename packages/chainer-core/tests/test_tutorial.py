"""The tutorial's snippets give the documented values, and a
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
    """The v1 tutorial's "Define your own function" example: w = x * y + z."""

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
        assert "in_types[2].dtype == <class 'numpy.float32'>" in str(e)
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


# ------------------------- snippets of the v1 tutorial: introduction and recurrent nets


def _mlp_data(rng):
    x = rng.uniform(-1, 1, (16, 2)).astype(np.float32)
    return x, (x[:, :1] * x[:, 1:]).astype(np.float32)


def test_chainlist_model_and_weight_decay_hook():
    """A ChainList of links is a model; WeightDecay works as an optimizer hook."""
    rng = np.random.RandomState(1)
    model = chainer.ChainList(Linear(2, 4, rng), Linear(4, 1, rng))
    assert [path for path, _ in model.namedparams()] == \
        ['/0/W', '/0/b', '/1/W', '/1/b']
    opt = MomentumSGD(lr=0.1, momentum=0.0)
    opt.setup(model)
    opt.add_hook(chainer.optimizer.WeightDecay(0.5))
    x, t = _mlp_data(rng)
    w_before = model[0].W.data.copy()
    model.zerograds()
    loss = MeanSquaredError()(model[1](Tanh()(model[0](x))), t)
    loss.backward()
    g = model[0].W.grad.copy()
    opt.update()
    # plain SGD after the hook: w <- w - lr * (g + rate * w)
    np.testing.assert_allclose(model[0].W.data, w_before - 0.1 * (g + 0.5 * w_before),
                               rtol=1e-5, atol=1e-6)


def test_save_and_load_model_and_optimizer_resume_exactly(tmp_path):
    """save_npz/load_npz of a model and of an optimizer's state."""
    from chainer import serializers
    rng = np.random.RandomState(2)
    x, t = _mlp_data(rng)

    def make():
        model = MLP(np.random.RandomState(3))
        opt = MomentumSGD(lr=0.1)
        opt.setup(model)
        return model, opt

    def step(model, opt):
        opt.update(lambda: MeanSquaredError()(model(x), t))

    model, opt = make()
    for _ in range(3):
        step(model, opt)
    serializers.save_npz(str(tmp_path / 'my.model'), model)
    serializers.save_npz(str(tmp_path / 'my.state'), opt)
    step(model, opt)

    model2, opt2 = make()
    serializers.load_npz(str(tmp_path / 'my.model'), model2)
    serializers.load_npz(str(tmp_path / 'my.state'), opt2)
    assert opt2.t == 3
    step(model2, opt2)
    for (path, p), (_, p2) in zip(model.namedparams(), model2.namedparams()):
        np.testing.assert_array_equal(p.data, p2.data, err_msg=path)


class _RNN(chainer.Chain):
    """h_t = tanh(W x_t + U h_{t-1}): a one-layer recurrent net on core alone."""

    def __init__(self, rng):
        super().__init__(w=Linear(1, 3, rng), u=Linear(3, 3, rng), out=Linear(3, 1, rng))
        self.h = None

    def __call__(self, x):
        a = self.w(x) if self.h is None else self.w(x) + self.u(self.h)
        self.h = Tanh()(a)
        return self.out(self.h)


def test_truncated_backprop_by_unchaining():
    """After ``loss.unchain_backward()`` the history is cut: the next
    backward reaches only the steps computed since."""
    rng = np.random.RandomState(4)
    rnn = _RNN(rng)
    xs = rng.uniform(-1, 1, (6, 1, 1)).astype(np.float32)
    loss = 0
    for i, x in enumerate(xs[:3]):
        loss += MeanSquaredError()(rnn(x), xs[i + 1])
    first_h = rnn.h
    rnn.cleargrads()
    loss.backward()
    loss.unchain_backward()
    assert loss.creator is None and first_h.creator is None  # h is part of the cut graph

    # A second window: its gradient equals the gradient of a fresh graph that
    # starts from the carried state as a constant.
    loss2 = 0
    for i, x in enumerate(xs[3:5], 3):
        loss2 += MeanSquaredError()(rnn(x), xs[i + 1])
    rnn.cleargrads()
    loss2.backward()
    got = rnn.u.W.grad.copy()

    carried = Variable(first_h.data.copy())
    ref = _RNN(rng)
    ref.copyparams(rnn)
    ref.h = carried
    loss3 = 0
    for i, x in enumerate(xs[3:5], 3):
        loss3 += MeanSquaredError()(ref(x), xs[i + 1])
    ref.cleargrads()
    loss3.backward()
    np.testing.assert_allclose(got, ref.u.W.grad, rtol=1e-6)
    assert carried.grad is not None  # the reference graph does reach its root


def test_volatile_feature_extractor_then_trainable_predictor():
    """A volatile input builds no graph; setting ``feat.volatile = 'off'``
    starts one, so backward stops at ``feat``."""
    rng = np.random.RandomState(5)
    fixed, predictor = Linear(2, 3, rng), Linear(3, 1, rng)
    x = Variable(rng.uniform(-1, 1, (4, 2)).astype(np.float32), volatile='on')
    feat = fixed(x)
    assert feat.volatile is chainer.ON and feat.creator is None
    feat.volatile = 'off'
    y = predictor(feat)
    assert y.creator is not None
    y.grad = np.ones_like(y.data)
    fixed.cleargrads()
    predictor.cleargrads()
    y.backward()
    assert predictor.W.grad is not None and feat.grad is not None
    assert fixed.W.grad is None and x.grad is None


class EltwiseParamProduct(chainer.Link):
    """A link holding a parameter of the input's shape."""

    def __init__(self, shape, rng, by_add_param=False):
        if by_add_param:
            super().__init__()
            self.add_param('W', shape)
        else:
            super().__init__(W=shape)
        self.W.data[...] = rng.randn(*shape)

    def __call__(self, x):
        return self.W * x


def test_links_that_wrap_functions():
    rng = np.random.RandomState(6)
    for by_add_param in (False, True):
        link = EltwiseParamProduct((3, 2), rng, by_add_param)
        assert link.W.name == 'W' and link.W.data.dtype == np.float32
        x = rng.randn(3, 2).astype(np.float32)
        gradient_check.check_backward(link, x, rng.randn(3, 2).astype(np.float32),
                                      params=link.W, atol=1e-3, rtol=1e-3)


def test_numerical_grad_snippet():
    """The tutorial's numerical gradient of sum(f(x) * gy) for f(x) = x * x."""
    x = np.random.RandomState(7).randn(4, 3).astype(np.float32)
    gy = np.ones((4, 3), dtype=np.float32)
    gx, = gradient_check.numerical_grad(lambda: (x * x,), (x,), (gy,))
    chainer.testing.assert_allclose(gx, 2 * x, atol=1e-2, rtol=1e-2)
