"""The optimizers and options added from v7: Adam(eta, weight_decay_rate, amsgrad,
adabound, final_lr, gamma), AdaBound, AMSBound, CorrectedMomentumSGD, MSVAG and
RMSprop(eps_inside_sqrt), each checked step by step against the formulas."""
import math

import numpy
import pytest

import chainer
from chainer import optimizers

W0 = numpy.array([0.5, -1.0, 2.0], dtype=numpy.float64)
GRADS = [numpy.array([0.1, -0.2, 0.3]), numpy.array([-0.4, 0.5, 0.05]),
         numpy.array([0.2, 0.2, -0.1])]


def _run(opt, steps=3):
    link = chainer.Link(w=(3,))
    link.w.data[...] = W0.astype(numpy.float32)
    opt.setup(link)
    for g in GRADS[:steps]:
        link.w.grad = g.astype(numpy.float32)
        opt.update()
    return link.w.data.astype(numpy.float64), opt


def _adam_reference(alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0, wd=0.0,
                    amsgrad=False, adabound=False, final_lr=0.1, gamma=1e-3):
    w = W0.copy()
    m = numpy.zeros(3)
    v = numpy.zeros(3)
    vhat = numpy.zeros(3)
    for t, g in enumerate(GRADS, 1):
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        vhat = numpy.maximum(vhat, v) if amsgrad else v
        lr = alpha * math.sqrt(1 - beta2 ** t) / (1 - beta1 ** t)
        step = lr / (numpy.sqrt(vhat) + eps)
        if adabound:
            lower = final_lr * (1 - 1 / (gamma * t + 1))
            upper = final_lr * (1 + 1 / (gamma * t))
            step = numpy.clip(step, lower, upper)
        w = (1 - eta * wd) * w - eta * step * m
    return w


@pytest.mark.parametrize('kw', [
    {}, {'eta': 0.5}, {'weight_decay_rate': 0.1}, {'amsgrad': True},
    {'adabound': True, 'final_lr': 0.01, 'gamma': 0.1, 'alpha': 0.1},
    {'amsgrad': True, 'adabound': True, 'alpha': 0.05},
])
def test_adam_options_follow_the_formula(kw):
    ref_kw = dict(kw)
    ref_kw['wd'] = ref_kw.pop('weight_decay_rate', 0.0)
    w, opt = _run(optimizers.Adam(**kw))
    numpy.testing.assert_allclose(w, _adam_reference(**ref_kw), rtol=1e-5, atol=1e-6)
    if kw.get('amsgrad'):
        assert 'vhat' in opt._states['/w']


def test_adabound_and_amsbound_are_adam_variants():
    w, opt = _run(optimizers.AdaBound(alpha=0.1, final_lr=0.01, gamma=0.1))
    assert opt.adabound and not opt.amsgrad
    numpy.testing.assert_allclose(
        w, _adam_reference(alpha=0.1, final_lr=0.01, gamma=0.1, adabound=True),
        rtol=1e-5, atol=1e-6)
    w, opt = _run(optimizers.AMSBound(alpha=0.05))
    assert opt.adabound and opt.amsgrad
    numpy.testing.assert_allclose(
        w, _adam_reference(alpha=0.05, adabound=True, amsgrad=True),
        rtol=1e-5, atol=1e-6)
    lower, upper = opt.bounds
    assert lower < 0.1 < upper
    with pytest.raises(RuntimeError):
        optimizers.AdaBound().bounds


def test_adam_bounds_follow_alpha_changes():
    _, opt = _run(optimizers.AdaBound(alpha=0.1, final_lr=0.01, gamma=0.1), steps=1)
    lo1, _ = opt.bounds
    opt.alpha = 0.2
    lo2, _ = opt.bounds
    assert lo2 == pytest.approx(2 * lo1)


def test_corrected_momentum_sgd():
    w, opt = _run(optimizers.CorrectedMomentumSGD(lr=0.1, momentum=0.5))
    ref = W0.copy()
    v = numpy.zeros(3)
    for g in GRADS:
        v = 0.5 * v - g
        ref = ref + 0.1 * v
    numpy.testing.assert_allclose(w, ref, rtol=1e-6)
    assert set(opt._states['/w']) == {'v'}


@pytest.mark.parametrize('wd', [0.0, 0.01])
def test_msvag(wd):
    w, opt = _run(optimizers.MSVAG(lr=0.1, beta=0.8, eta=0.5, weight_decay_rate=wd))
    ref = W0.copy()
    m = numpy.zeros(3)
    v = numpy.zeros(3)
    beta = 0.8
    for t, g in enumerate(GRADS, 1):
        power = beta ** t
        rho = min((1 - beta) ** 2 * (1 - power ** 2) /
                  ((1 - power) ** 2 * (1 - beta ** 2)), 0.9999)
        m = beta * m + (1 - beta) * g
        v = beta * v + (1 - beta) * g * g
        mt, vt = m / (1 - power), v / (1 - power)
        s = (vt - mt ** 2) / (1 - rho)
        with numpy.errstate(invalid='ignore', divide='ignore'):
            f = numpy.clip(mt ** 2 / (mt ** 2 + rho * s), 0, 1)
        f[numpy.isnan(f)] = 0
        ref = ref - 0.5 * (0.1 * mt * f + wd * ref)
    numpy.testing.assert_allclose(w, ref, rtol=1e-5, atol=1e-7)


def test_msvag_first_step_has_zero_factor_not_nan():
    w, _ = _run(optimizers.MSVAG(), steps=1)
    assert numpy.all(numpy.isfinite(w))


@pytest.mark.parametrize('inside', [False, True])
def test_rmsprop_eps_inside_sqrt(inside):
    eps = 1e-2
    w, _ = _run(optimizers.RMSprop(lr=0.1, alpha=0.9, eps=eps, eps_inside_sqrt=inside))
    ref = W0.copy()
    ms = numpy.zeros(3)
    for g in GRADS:
        ms = 0.9 * ms + 0.1 * g * g
        denom = numpy.sqrt(ms + eps) if inside else numpy.sqrt(ms) + eps
        ref = ref - 0.1 * g / denom
    numpy.testing.assert_allclose(w, ref, rtol=1e-5)


def test_new_optimizers_minimize_a_quadratic():
    for opt in (optimizers.AdaBound(alpha=0.1), optimizers.AMSBound(alpha=0.1),
                optimizers.CorrectedMomentumSGD(lr=0.1), optimizers.MSVAG(lr=0.1),
                optimizers.Adam(alpha=0.1, amsgrad=True, weight_decay_rate=1e-4)):
        link = chainer.Link(w=(3,))
        link.w.data[...] = W0.astype(numpy.float32)
        opt.setup(link)
        for _ in range(300):
            link.w.grad = 2 * link.w.data  # gradient of |w|^2
            opt.update()
        assert float(numpy.abs(link.w.data).max()) < 0.1, type(opt).__name__


def test_v7_options_round_trip_serialization():
    _, opt = _run(optimizers.Adam(amsgrad=True), steps=2)
    saved = {}
    opt.serialize(chainer.serializers.DictionarySerializer(saved))
    assert {'w/m', 'w/v', 'w/vhat', 'w/t'} <= set(saved)
    _, opt2 = _run(optimizers.Adam(amsgrad=True), steps=0)
    opt2.serialize(chainer.serializers.NpzDeserializer(saved))
    numpy.testing.assert_array_equal(opt2._states['/w']['vhat'],
                                     opt._states['/w']['vhat'])


def test_adamw_and_amsgrad():
    w, opt = _run(optimizers.AdamW(alpha=0.01, weight_decay_rate=0.1))
    numpy.testing.assert_allclose(w, _adam_reference(alpha=0.01, wd=0.1),
                                  rtol=1e-5, atol=1e-6)
    w, opt = _run(optimizers.AMSGrad(alpha=0.01, eta=0.5))
    assert opt.amsgrad and not opt.adabound
    numpy.testing.assert_allclose(w, _adam_reference(alpha=0.01, eta=0.5, amsgrad=True),
                                  rtol=1e-5, atol=1e-6)


def test_builtin_optimizers_have_v7_hyperparam_and_update_rules():
    link = chainer.Link(w=(3,), b=(3,))
    link.w.data[...] = W0
    link.b.data[...] = W0
    opt = optimizers.MomentumSGD(lr=0.1, momentum=0.0)
    opt.setup(link)
    assert opt.hyperparam.lr == 0.1 and opt.hyperparam.momentum == 0.0
    rules = dict((name, opt._rule_of(name, p)) for name, p in link.namedparams())
    rules['/b'].enabled = False
    rules['/w'].hyperparam.lr = 1.0
    link.w.grad = numpy.ones(3, dtype=numpy.float32)
    link.b.grad = numpy.ones(3, dtype=numpy.float32)
    opt.update()
    numpy.testing.assert_allclose(link.w.data, W0 - 1.0, rtol=1e-6)
    numpy.testing.assert_allclose(link.b.data, W0, rtol=1e-6)
    assert opt.lr == 0.1
    numpy.testing.assert_allclose(rules['/w'].state['v'], -numpy.ones(3))


@pytest.mark.parametrize('make', [
    optimizers.AdaDelta, optimizers.RMSpropGraves, optimizers.SMORMS3, optimizers.MSVAG,
    optimizers.Adam, optimizers.AMSBound, optimizers.CorrectedMomentumSGD])
def test_zero_dimensional_parameters_update(make):
    link = chainer.Link(w=())
    link.w.data[...] = 1.0
    opt = make()
    opt.setup(link)
    for _ in range(3):
        link.w.grad = numpy.array(0.5, dtype=numpy.float32)
        opt.update()
    assert link.w.data.shape == () and float(link.w.data) < 1.0
