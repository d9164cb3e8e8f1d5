"""Tests of chainer.Optimizer / GradientMethod and the optimizer hooks."""
import math

import numpy
import pytest

import chainer
from chainer import optimizer


class SGD(optimizer.GradientMethod):
    """Plain SGD: w <- w - lr * g."""

    def __init__(self, lr=0.1):
        self.lr = lr

    def update_one_cpu(self, param, state):
        param.data -= self.lr * param.grad


class MomentumSGD(optimizer.GradientMethod):
    """v <- momentum * v - lr * g; w <- w + v (a per-parameter state)."""

    def __init__(self, lr=0.1, momentum=0.9):
        self.lr = lr
        self.momentum = momentum

    def init_state_cpu(self, param, state):
        state['v'] = numpy.zeros_like(param.data)

    def update_one_cpu(self, param, state):
        v = state['v']
        v *= self.momentum
        v -= self.lr * param.grad
        param.data += v


class DictSaver(object):
    """Minimal serializer: a flat dict keyed by '/'-joined paths."""

    def __init__(self, target, path=''):
        self.target = target
        self.path = path

    def __getitem__(self, key):
        return type(self)(self.target, self.path + key + '/')

    def __call__(self, key, value):
        self.target[self.path + key] = numpy.array(value, copy=True)
        return value


class DictLoader(DictSaver):
    def __call__(self, key, value):
        stored = self.target[self.path + key]
        if isinstance(value, numpy.ndarray):
            numpy.copyto(value, stored)
            return value
        return type(value)(stored)


def make_link(dtype=numpy.float32, seed=0):
    rng = numpy.random.RandomState(seed)
    link = chainer.Chain(l1=chainer.Link(W=((2, 3), dtype)), l2=chainer.Link(b=(3, dtype)))
    for param in link.params():
        param.data[...] = rng.uniform(-1, 1, param.shape)
        param.grad[...] = rng.uniform(-1, 1, param.shape)
    return link


def test_setup_sets_target_and_resets_counters():
    opt = SGD()
    link = make_link()
    opt.setup(link)
    assert opt.target is link
    assert opt.t == 0 and opt.epoch == 0
    opt.new_epoch()
    opt.new_epoch()
    assert opt.epoch == 2
    opt.update()
    assert opt.t == 1
    opt.setup(make_link())
    assert opt.t == 0 and opt.epoch == 0


def test_setup_rejects_non_link():
    with pytest.raises(TypeError, match='link'):
        SGD().setup(numpy.zeros(3))


def test_setup_error_is_worded_as_in_v1():
    with pytest.raises(TypeError, match='optimization target must be a link'):
        SGD().setup('xxx')


def test_update_before_setup_is_a_clear_error():
    with pytest.raises(RuntimeError, match='setup'):
        SGD().update()


def test_update_without_lossfun_follows_sgd_formula():
    link = make_link()
    expected = {name: p.data - 0.1 * p.grad for name, p in link.namedparams()}
    opt = SGD(lr=0.1)
    opt.setup(link)
    opt.update()
    for name, param in link.namedparams():
        numpy.testing.assert_allclose(param.data, expected[name], rtol=1e-6)
        assert param.data.dtype == numpy.float32


def _loss_link():
    link = chainer.Link(W=(1, 3))
    link.W.data[...] = [[1.0, 2.0, 3.0]]
    return link  # grad is NaN after add_param: update(lossfun) must reset it


def test_update_with_lossfun_resets_grads_and_backprops():
    link = _loss_link()
    x = numpy.array([[0.5], [-1.0], [2.0]], dtype=numpy.float32)
    calls = []

    def lossfun(a, scale=1.0):
        calls.append((a, scale))
        return (link.W @ a) * scale  # shape (1, 1): backward starts from grad 1

    opt = SGD(lr=0.5)
    opt.setup(link)
    opt.update(lossfun, x, scale=2.0)
    assert len(calls) == 1 and calls[0][0] is x and calls[0][1] == 2.0
    numpy.testing.assert_allclose(link.W.grad, 2.0 * x.T)
    numpy.testing.assert_allclose(link.W.data, [[1.0, 2.0, 3.0]] - 0.5 * 2.0 * x.T)
    assert opt.t == 1


def test_update_with_lossfun_and_cleargrads_zeroes_unreached_params():
    link = chainer.Chain(a=_loss_link(), b=chainer.Link(c=(2,)))
    link.b.c.data[...] = 7.0
    x = numpy.ones((3, 1), dtype=numpy.float32)
    opt = SGD(lr=0.5)
    opt.use_cleargrads()
    opt.setup(link)
    opt.update(lambda: link.a.W @ x)
    numpy.testing.assert_allclose(link.b.c.data, [7.0, 7.0])  # no grad: no change
    numpy.testing.assert_allclose(link.b.c.grad, [0.0, 0.0])
    numpy.testing.assert_allclose(link.a.W.data, [[0.5, 1.5, 2.5]])


def test_momentum_state_per_parameter():
    link = make_link()
    opt = MomentumSGD(lr=0.1, momentum=0.5)
    opt.setup(link)
    w0 = link.l1.W.data.copy()
    g = link.l1.W.grad.copy()
    opt.update()
    opt.update()
    # v1 = -lr g, v2 = 0.5 v1 - lr g: w2 = w0 + v1 + v2 = w0 - 0.25 g
    numpy.testing.assert_allclose(link.l1.W.data, w0 - 0.25 * g, rtol=1e-5, atol=1e-6)


def test_state_initialized_for_parameter_added_after_setup():
    link = chainer.Link()
    link.add_uninitialized_param('W')
    opt = MomentumSGD()
    opt.setup(link)
    link.add_param('W', (2,))
    link.W.data[...] = 1.0
    link.W.grad[...] = 1.0
    opt.update()
    numpy.testing.assert_allclose(link.W.data, [0.9, 0.9])


def test_hooks_run_in_order_before_the_update():
    link = make_link()
    opt = SGD()
    opt.setup(link)
    seen = []

    def first(o):
        seen.append(('first', o.t, link.l1.W.data.copy()))

    class Second(object):
        name = 'second'

        def __call__(self, o):
            seen.append(('second', o.t, None))

    w0 = link.l1.W.data.copy()
    opt.add_hook(first)
    opt.add_hook(Second())
    opt.update()
    assert [s[0] for s in seen] == ['first', 'second']
    assert seen[0][1] == 0  # before t is incremented
    numpy.testing.assert_array_equal(seen[0][2], w0)  # before the parameters change
    opt.remove_hook('first')
    opt.update()
    assert [s[0] for s in seen] == ['first', 'second', 'second']


def test_gradients_cleared_by_a_hook_are_reallocated_for_the_next_as_in_v1():
    link = make_link()
    opt = SGD()
    opt.setup(link)
    seen = []

    def clear(o):
        for param in o.target.params():
            param.cleargrad()

    def check(o):
        seen.append([param.grad for param in o.target.params()])

    opt.add_hook(clear, 'clear')
    opt.add_hook(check, 'check')
    before = link.l1.W.data.copy()
    opt.update()
    assert all(g is not None and not g.any() for g in seen[0])
    numpy.testing.assert_array_equal(link.l1.W.data, before)  # zero gradient: no step


def test_add_hook_errors():
    opt = SGD()
    with pytest.raises(RuntimeError, match='setup'):
        opt.add_hook(optimizer.WeightDecay(0.1))
    opt.setup(make_link())
    opt.add_hook(optimizer.WeightDecay(0.1))
    with pytest.raises(KeyError, match='WeightDecay'):
        opt.add_hook(optimizer.WeightDecay(0.2))
    opt.add_hook(optimizer.WeightDecay(0.2), name='wd2')
    with pytest.raises(TypeError, match='hook'):
        opt.add_hook(3)
    with pytest.raises(KeyError):
        opt.remove_hook('nothing')


def _run_hook(hook, link):
    opt = SGD()
    opt.setup(link)
    hook(opt)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_weight_decay(dtype):
    link = make_link(dtype)
    expected = [p.grad + dtype(0.1) * p.data for p in link.params()]
    _run_hook(optimizer.WeightDecay(0.1), link)
    for p, e in zip(link.params(), expected):
        assert p.grad.dtype == dtype
        numpy.testing.assert_allclose(p.grad, e, rtol=1e-3)


def test_lasso():
    link = make_link()
    expected = [p.grad + 0.1 * numpy.sign(p.data) for p in link.params()]
    _run_hook(optimizer.Lasso(0.1), link)
    for p, e in zip(link.params(), expected):
        numpy.testing.assert_allclose(p.grad, e, rtol=1e-6)


def _norm(link):
    return math.sqrt(sum(float((p.grad.astype(numpy.float64) ** 2).sum())
                         for p in link.params()))


def test_gradient_clipping_scales_to_threshold():
    link = make_link()
    norm = _norm(link)
    ratios = [p.grad.copy() for p in link.params()]
    _run_hook(optimizer.GradientClipping(norm / 2), link)
    assert _norm(link) == pytest.approx(norm / 2, rel=1e-5)
    for p, g in zip(link.params(), ratios):
        numpy.testing.assert_allclose(p.grad, g / 2, rtol=1e-5)


def test_gradient_clipping_below_threshold_is_identity():
    link = make_link()
    grads = [p.grad.copy() for p in link.params()]
    _run_hook(optimizer.GradientClipping(_norm(link) * 2), link)
    for p, g in zip(link.params(), grads):
        numpy.testing.assert_array_equal(p.grad, g)


def test_gradient_hard_clipping():
    link = make_link()
    expected = [numpy.clip(p.grad, -0.2, 0.3) for p in link.params()]
    _run_hook(optimizer.GradientHardClipping(-0.2, 0.3), link)
    for p, e in zip(link.params(), expected):
        numpy.testing.assert_array_equal(p.grad, e)
    with pytest.raises(ValueError, match='lower_bound'):
        optimizer.GradientHardClipping(1.0, 0.0)


def test_gradient_noise_calls_noise_func_per_parameter():
    link = make_link()
    calls = []

    def noise(xp, shape, dtype, hook, opt):
        calls.append((shape, dtype, hook.eta, opt.t))
        return xp.full(shape, 0.5, dtype=dtype)

    expected = [p.grad + 0.5 for p in link.params()]
    _run_hook(optimizer.GradientNoise(0.3, noise_func=noise), link)
    assert sorted(c[0] for c in calls) == [(2, 3), (3,)]
    assert all(c[1] == numpy.float32 and c[2] == 0.3 and c[3] == 0 for c in calls)
    for p, e in zip(link.params(), expected):
        numpy.testing.assert_allclose(p.grad, e)


def test_exponential_decay_noise_variance():
    class Opt(object):
        t = 9

    hook = optimizer.GradientNoise(0.3)
    numpy.random.seed(0)
    noise = optimizer.exponential_decay_noise(numpy, (4000,), numpy.float32, hook, Opt())
    assert noise.dtype == numpy.float32 and noise.shape == (4000,)
    expected_std = math.sqrt(0.3 / 10 ** 0.55)
    assert noise.std() == pytest.approx(expected_std, rel=0.06)
    assert abs(noise.mean()) < 0.1 * expected_std


def test_hook_arguments_are_checked():
    with pytest.raises(TypeError, match='rate'):
        optimizer.WeightDecay('x')
    with pytest.raises(TypeError, match='threshold'):
        optimizer.GradientClipping(None)
    with pytest.raises(TypeError, match='noise_func'):
        optimizer.GradientNoise(0.1, noise_func=1)


def test_deprecated_gradient_helpers():
    link = make_link()
    opt = SGD()
    opt.setup(link)
    assert opt.compute_grads_norm() == pytest.approx(_norm(link), rel=1e-6)
    opt.clip_grads(0.5)
    assert opt.compute_grads_norm() == pytest.approx(0.5, rel=1e-5)
    before = [p.grad + 0.01 * p.data for p in link.params()]
    opt.weight_decay(0.01)
    for p, e in zip(link.params(), before):
        numpy.testing.assert_allclose(p.grad, e, rtol=1e-6)
    extra = [numpy.ones_like(p.data) for p in link.params()]
    expected = [p.grad + 1 for p in link.params()]
    opt.accumulate_grads(extra)
    for p, e in zip(link.params(), expected):
        numpy.testing.assert_allclose(p.grad, e, rtol=1e-6)
    with pytest.raises(ValueError, match='grads'):
        opt.accumulate_grads(extra[:1])
    opt.zero_grads()
    assert all((p.grad == 0).all() for p in link.params())


def test_abstract_methods_raise_clear_errors():
    link = make_link()
    opt = optimizer.Optimizer()
    opt.setup(link)
    with pytest.raises(TypeError, match='update'):
        opt.update()
    gm = optimizer.GradientMethod()
    gm.setup(link)
    with pytest.raises(TypeError, match='update_one'):
        gm.update()


def _train(opt, link, steps):
    rng = numpy.random.RandomState(steps)
    for _ in range(steps):
        for p in link.params():
            p.grad[...] = rng.uniform(-1, 1, p.shape)
        opt.update()


def _check_resume(save, load):
    link = make_link()
    opt = MomentumSGD()
    opt.setup(link)
    opt.add_hook(optimizer.WeightDecay(0.01))
    _train(opt, link, 2)
    opt.new_epoch()
    stored = save(opt)

    link2 = make_link(seed=1)
    for p2, p in zip(link2.params(), link.params()):
        p2.data[...] = p.data
    opt2 = MomentumSGD()
    opt2.setup(link2)
    opt2.add_hook(optimizer.WeightDecay(0.01))
    load(stored, opt2)
    assert (opt2.t, opt2.epoch) == (2, 1)
    _train(opt, link, 1)
    _train(opt2, link2, 1)
    for p2, p in zip(link2.params(), link.params()):
        numpy.testing.assert_array_equal(p2.data, p.data)


def test_serialize_round_trip_resumes_exactly():
    def save(opt):
        target = {}
        opt.serialize(DictSaver(target))
        assert set(target) == {'t', 'epoch', 'l1/W/v', 'l2/b/v', 'l1/W/t', 'l2/b/t'}
        return target

    _check_resume(save, lambda target, opt: opt.serialize(DictLoader(target)))


@pytest.mark.parametrize('fmt', ['npz', 'hdf5'])
def test_serialize_round_trip_through_files(tmp_path, fmt):
    serializers = pytest.importorskip('chainer.serializers')
    if fmt == 'hdf5':
        pytest.importorskip('h5py')
    path = str(tmp_path / ('opt.' + fmt))

    def save(opt):
        getattr(serializers, 'save_' + fmt)(path, opt)
        return path

    _check_resume(save, lambda p, opt: getattr(serializers, 'load_' + fmt)(p, opt))


def test_gradient_noise_of_v7_tells_noise_func_each_update_rule():
    from chainer import optimizer_hooks
    link = make_link()
    told = []

    def noise(xp, shape, dtype, hook, rule):
        told.append(rule)
        return xp.zeros(shape, dtype)

    _run_hook(optimizer_hooks.GradientNoise(0.3, noise_func=noise), link)
    rules = [p.update_rule for p in link.params()]
    assert len(told) == 2 and all(r is not None for r in rules)
    assert sorted(map(id, told)) == sorted(map(id, rules))
    told[:] = []
    _run_hook(optimizer.GradientNoise(0.3, noise_func=noise), link)  # v1: the optimizer
    assert len(told) == 2 and told[0] is told[1]
    assert not any(t is r for t in told for r in rules)
