"""Concrete optimizers: two steps against the update formula written out in float64
numpy, dtypes kept, hooks, and exact resume through npz."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import cuda, optimizer, optimizers, serializers, testing

SHAPE = (2, 3)


def _ema(avg, x, decay):
    return decay * avg + (1 - decay) * x


# Each reference takes (w, g, state, t, hyperparameters) in float64 and returns the new
# (w, state); states start as the dicts returned by the matching ``init`` entry.
def _sgd(w, g, s, t, lr):
    return w - lr * g, s


def _momentum(w, g, s, t, lr, momentum):
    v = momentum * s['v'] - lr * g
    return w + v, {'v': v}


def _nesterov(w, g, s, t, lr, momentum):
    v = momentum * s['v'] - lr * g
    return w + momentum ** 2 * v - (1 + momentum) * lr * g, {'v': v}


def _adagrad(w, g, s, t, lr, eps):
    h = s['h'] + g ** 2
    return w - lr * g / (numpy.sqrt(h) + eps), {'h': h}


def _adadelta(w, g, s, t, rho, eps):
    msg = _ema(s['msg'], g ** 2, rho)
    dx = numpy.sqrt((s['msdx'] + eps) / (msg + eps)) * g
    return w - dx, {'msg': msg, 'msdx': _ema(s['msdx'], dx ** 2, rho)}


def _adam(w, g, s, t, alpha, beta1, beta2, eps):
    m = _ema(s['m'], g, beta1)
    v = _ema(s['v'], g ** 2, beta2)
    m_hat = m / (1 - beta1 ** t)  # the paper's bias-corrected moments
    v_hat = v / (1 - beta2 ** t)
    # Chainer folds the corrections into lr, which puts eps at sqrt(1 - beta2^t) scale
    step = alpha * m_hat / (numpy.sqrt(v_hat) + eps / numpy.sqrt(1 - beta2 ** t))
    return w - step, {'m': m, 'v': v}


def _rmsprop(w, g, s, t, lr, alpha, eps):
    ms = _ema(s['ms'], g ** 2, alpha)
    return w - lr * g / (numpy.sqrt(ms) + eps), {'ms': ms}


def _graves(w, g, s, t, lr, alpha, momentum, eps):
    n = _ema(s['n'], g ** 2, alpha)
    gbar = _ema(s['g'], g, alpha)
    delta = momentum * s['delta'] - lr * g / numpy.sqrt(n - gbar ** 2 + eps)
    return w + delta, {'n': n, 'g': gbar, 'delta': delta}


def _smorms3(w, g, s, t, lr, eps):
    r = 1 / (s['mem'] + 1)
    gbar = (1 - r) * s['g'] + r * g
    g2 = (1 - r) * s['g2'] + r * g ** 2
    x = gbar ** 2 / (g2 + eps)
    w = w - g * numpy.minimum(lr, x) / (numpy.sqrt(g2) + eps)
    return w, {'mem': 1 + s['mem'] * (1 - x), 'g': gbar, 'g2': g2}


def _zeros(*names):
    return lambda: {n: numpy.zeros(SHAPE) for n in names}


CASES = [
    (optimizers.SGD, dict(lr=0.1), _sgd, _zeros()),
    (optimizers.MomentumSGD, dict(lr=0.1, momentum=0.8), _momentum, _zeros('v')),
    (optimizers.NesterovAG, dict(lr=0.1, momentum=0.8), _nesterov, _zeros('v')),
    (optimizers.AdaGrad, dict(lr=0.1, eps=1e-3), _adagrad, _zeros('h')),
    (optimizers.AdaDelta, dict(rho=0.9, eps=1e-3), _adadelta, _zeros('msg', 'msdx')),
    (optimizers.Adam, dict(alpha=0.1, beta1=0.8, beta2=0.9, eps=1e-3), _adam,
     _zeros('m', 'v')),
    (optimizers.RMSprop, dict(lr=0.1, alpha=0.9, eps=1e-3), _rmsprop, _zeros('ms')),
    (optimizers.RMSpropGraves, dict(lr=0.1, alpha=0.9, momentum=0.8, eps=1e-3), _graves,
     _zeros('n', 'g', 'delta')),
    (optimizers.SMORMS3, dict(lr=0.1, eps=1e-3), _smorms3,
     lambda: {'mem': numpy.ones(SHAPE), 'g': numpy.zeros(SHAPE),
              'g2': numpy.zeros(SHAPE)}),
]
IDS = [case[0].__name__ for case in CASES]

DEFAULTS = {
    optimizers.AdaDelta: dict(rho=0.95, eps=1e-6),
    optimizers.AdaGrad: dict(lr=0.001, eps=1e-8),
    optimizers.Adam: dict(alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8),
    optimizers.MomentumSGD: dict(lr=0.01, momentum=0.9),
    optimizers.NesterovAG: dict(lr=0.01, momentum=0.9),
    optimizers.RMSprop: dict(lr=0.01, alpha=0.99, eps=1e-8),
    optimizers.RMSpropGraves: dict(lr=0.0001, alpha=0.95, momentum=0.9, eps=0.0001),
    optimizers.SGD: dict(lr=0.01),
    optimizers.SMORMS3: dict(lr=0.001, eps=1e-16),
}


class _Model(chainer.Chain):
    def __init__(self, dtype=numpy.float32):
        super().__init__(child=chainer.Link())
        self.add_param('W', SHAPE, dtype=dtype)
        self.child.add_param('b', (3,), dtype=dtype)
        rng = numpy.random.RandomState(0)
        self.W.data[...] = rng.uniform(-1, 1, SHAPE)
        self.child.b.data[...] = rng.uniform(-1, 1, (3,))


def _grads(step):
    rng = numpy.random.RandomState(100 + step)
    return rng.uniform(-1, 1, SHAPE), rng.uniform(-1, 1, (3,))


def _step(opt, model, step):
    g_w, g_b = _grads(step)
    model.W.grad = g_w.astype(model.W.dtype)
    model.child.b.grad = g_b.astype(model.W.dtype)
    opt.update()


@pytest.mark.parametrize('cls, hyper, ref, init', CASES, ids=IDS)
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_two_steps_follow_the_formula(cls, hyper, ref, init, dtype):
    model = _Model(dtype)
    opt = cls(**hyper)
    opt.setup(model)
    w = model.W.data.astype(numpy.float64)
    state = init()
    for step in range(2):
        _step(opt, model, step)
        w, state = ref(w, _grads(step)[0], state, step + 1, **hyper)
        assert model.W.data.dtype == dtype
        tol = 1e-5 if dtype == numpy.float32 else 1e-12
        testing.assert_allclose(model.W.data, w, atol=tol, rtol=tol)
        got_state = opt._states['/W']
        assert sorted(got_state) == sorted(state)
        for key, value in state.items():
            assert got_state[key].dtype == dtype
            testing.assert_allclose(got_state[key], value, atol=tol, rtol=tol)
    assert opt.t == 2


@pytest.mark.parametrize('cls', sorted(DEFAULTS, key=lambda c: c.__name__),
                         ids=lambda c: c.__name__)
def test_documented_defaults(cls):
    opt = cls()
    for name, value in DEFAULTS[cls].items():
        assert getattr(opt, name) == value


@pytest.mark.parametrize('cls, hyper, ref, init', CASES, ids=IDS)
def test_float16_parameters_stay_float16(cls, hyper, ref, init):
    model = _Model(numpy.float16)
    opt = cls(**hyper)
    opt.setup(model)
    _step(opt, model, 0)
    assert model.W.data.dtype == numpy.float16
    assert numpy.isfinite(model.W.data).all()


@pytest.mark.parametrize('cls, hyper, ref, init', CASES, ids=IDS)
def test_resume_through_npz_is_exact(cls, hyper, ref, init, tmp_path):
    straight = _Model()
    opt = cls(**hyper)
    opt.setup(straight)
    for step in range(4):
        _step(opt, straight, step)

    first = _Model()
    opt1 = cls(**hyper)
    opt1.setup(first)
    for step in range(2):
        _step(opt1, first, step)
    serializers.save_npz(str(tmp_path / 'model.npz'), first)
    serializers.save_npz(str(tmp_path / 'opt.npz'), opt1)

    resumed = _Model()
    resumed.W.data[...] = 7  # everything must come from the files
    opt2 = cls(**hyper)
    opt2.setup(resumed)
    serializers.load_npz(str(tmp_path / 'model.npz'), resumed)
    serializers.load_npz(str(tmp_path / 'opt.npz'), opt2)
    assert opt2.t == 2
    for step in range(2, 4):
        _step(opt2, resumed, step)
    numpy.testing.assert_array_equal(resumed.W.data, straight.W.data)
    numpy.testing.assert_array_equal(resumed.child.b.data, straight.child.b.data)


def test_hooks_run_before_the_rule():
    model = _Model()
    w0 = model.W.data.copy()
    opt = optimizers.MomentumSGD(lr=0.1, momentum=0.5)
    opt.setup(model)
    opt.add_hook(optimizer.WeightDecay(0.01))
    _step(opt, model, 0)
    g = _grads(0)[0] + 0.01 * w0
    testing.assert_allclose(model.W.data, w0 - 0.1 * g, atol=1e-6, rtol=1e-6)


def test_update_with_loss_function():
    model = _Model()
    opt = optimizers.SGD(lr=0.5)
    opt.setup(model)
    w0 = model.W.data.copy()

    def lossfun():
        return F.sum(model.W * model.W)

    opt.update(lossfun)
    testing.assert_allclose(model.W.data, w0 - 0.5 * 2 * w0, atol=1e-6, rtol=1e-6)


def test_adam_lr_is_bias_corrected():
    opt = optimizers.Adam(alpha=0.1, beta1=0.5, beta2=0.75)
    opt.t = 1
    assert opt.lr == pytest.approx(0.1 * numpy.sqrt(0.25) / 0.5)
    opt.t = 0
    with pytest.raises(RuntimeError, match='t >= 1'):
        opt.lr


@pytest.mark.parametrize('make, message', [
    (lambda: optimizers.SGD(lr=-1), r'lr=-1.0 is outside its expected range \[0.0, inf\)'),
    (lambda: optimizers.MomentumSGD(momentum=1.5), r'momentum=1.5 .*\[0.0, 1.0\]'),
    (lambda: optimizers.Adam(beta1=1.0), r'beta1=1.0 .*\[0.0, 1.0\)'),
    (lambda: optimizers.AdaDelta(rho=1.05), r'rho=1.05 .*\[0.0, 1.0\]'),
    (lambda: optimizers.AdaDelta(rho=float('nan')), 'rho=nan is outside'),
    (lambda: optimizers.RMSprop(eps=True), 'eps is a bool'),
])
def test_out_of_range_hyperparameters_warn_and_are_kept(make, message):
    # no release refused them (v7's tests set rho=1.05): a warning, not an error
    with pytest.warns(UserWarning, match=message):
        opt = make()
    assert opt is not None


def test_out_of_range_hyperparameter_is_used_as_given():
    with pytest.warns(UserWarning, match='momentum=1.5'):
        opt = optimizers.MomentumSGD(lr=0.5, momentum=1.5)
    assert opt.momentum == 1.5
    link = chainer.Link()
    with link.init_scope():
        link.w = chainer.Parameter(numpy.array([1.0, -2.0], dtype=numpy.float32))
    opt.setup(link)
    for _ in range(2):
        link.w.grad = numpy.array([1.0, 1.0], dtype=numpy.float32)
        opt.update()
    # v = -0.5, then 1.5 * -0.5 - 0.5 = -1.25: w moved by -1.75
    numpy.testing.assert_allclose(link.w.data, [-0.75, -3.75])


@pytest.mark.parametrize('make, message', [
    (lambda: optimizers.SGD(lr='0.1'), 'lr must be a real number'),
    (lambda: optimizers.Adam(alpha=None), 'alpha must be a real number'),
])
def test_hyperparameter_the_update_cannot_use_is_an_error(make, message):
    with pytest.raises(TypeError, match=message):
        make()


@testing.attr.gpu
@pytest.mark.parametrize('cls, hyper, ref, init', CASES, ids=IDS)
def test_gpu_matches_cpu(cls, hyper, ref, init):
    cpu, gpu = _Model(), _Model()
    gpu.to_gpu()
    opt_cpu, opt_gpu = cls(**hyper), cls(**hyper)
    opt_cpu.setup(cpu)
    opt_gpu.setup(gpu)
    for step in range(2):
        _step(opt_cpu, cpu, step)
        g_w, g_b = _grads(step)
        gpu.W.grad = cuda.to_gpu(g_w.astype(numpy.float32))
        gpu.child.b.grad = cuda.to_gpu(g_b.astype(numpy.float32))
        opt_gpu.update()
    testing.assert_allclose(cpu.W.data, gpu.W.data, atol=1e-5, rtol=1e-5)
