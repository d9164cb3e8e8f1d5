"""The v2+ rule classes (AdamRule, ...): the arithmetic of their optimizers."""
import copy
import pickle
import warnings

import numpy
import pytest

import chainer
from chainer import optimizers

# (rule class, optimizer class, hyperparameters, v7's state names)
RULES = [
    (optimizers.SGDRule, optimizers.SGD, {'lr': 0.1}, set()),
    (optimizers.MomentumSGDRule, optimizers.MomentumSGD, {'lr': 0.1}, {'v'}),
    (optimizers.NesterovAGRule, optimizers.NesterovAG, {'momentum': 0.5}, {'v'}),
    (optimizers.CorrectedMomentumSGDRule, optimizers.CorrectedMomentumSGD, {}, {'v'}),
    (optimizers.AdaGradRule, optimizers.AdaGrad, {'lr': 0.1}, {'h'}),
    (optimizers.AdaDeltaRule, optimizers.AdaDelta, {'rho': 0.9}, {'msg', 'msdx'}),
    (optimizers.RMSpropRule, optimizers.RMSprop, {'eps_inside_sqrt': True}, {'ms'}),
    (optimizers.RMSpropGravesRule, optimizers.RMSpropGraves, {}, {'n', 'g', 'delta'}),
    (optimizers.SMORMS3Rule, optimizers.SMORMS3, {}, {'mem', 'g', 'g2'}),
    (optimizers.MSVAGRule, optimizers.MSVAG, {'beta': 0.8}, {'m', 'v'}),
    (optimizers.AdamRule, optimizers.Adam, {'alpha': 0.01}, {'m', 'v'}),
    (optimizers.AdamRule, optimizers.Adam, {'amsgrad': True}, {'m', 'v', 'vhat'}),
    (optimizers.AdamRule, optimizers.Adam, {'adabound': True, 'weight_decay_rate': 0.1},
     {'m', 'v'}),
]
IDS = ['{}-{}'.format(r.__name__, '-'.join(sorted(h))) for r, _, h, _ in RULES]


def _link(seed=0):
    rng = numpy.random.RandomState(seed)
    link = chainer.Link()
    with link.init_scope():
        link.w = chainer.Parameter(rng.uniform(-1, 1, (3, 2)).astype(numpy.float32))
    return link


def _grads(step):
    return numpy.random.RandomState(10 + step).uniform(-1, 1, (3, 2)).astype(
        numpy.float32)


@pytest.mark.parametrize('rule_class, opt_class, hyper, states', RULES, ids=IDS)
def test_rule_matches_its_optimizer_bit_for_bit(rule_class, opt_class, hyper, states):
    by_opt, by_rule = _link(), _link()
    opt = opt_class(**hyper).setup(by_opt)
    rule = rule_class(**hyper)
    by_rule.w.update_rule = rule
    for step in range(3):
        by_opt.w.grad = _grads(step)
        by_rule.w.grad = _grads(step)
        opt.update()
        by_rule.w.update()
    numpy.testing.assert_array_equal(by_rule.w.data, by_opt.w.data)
    assert set(rule.state) == states
    assert rule.t == 3


def test_rule_reads_what_it_lacks_from_its_parent():
    opt = optimizers.MomentumSGD(lr=0.2, momentum=0.5)
    rule = optimizers.MomentumSGDRule(opt.hyperparam, lr=0.3)
    assert rule.hyperparam.lr == 0.3
    assert rule.hyperparam.momentum == 0.5
    assert optimizers.MomentumSGDRule().hyperparam.get_dict() == {
        'lr': 0.01, 'momentum': 0.9}
    rule.hyperparam.momentum = 0.0
    w = chainer.Parameter(numpy.ones(2, dtype=numpy.float32))
    w.grad = numpy.ones(2, dtype=numpy.float32)
    rule.update(w)
    rule.update(w)
    numpy.testing.assert_allclose(w.data, [0.4, 0.4], rtol=1e-6)


def test_rule_rejects_a_hyperparameter_its_optimizer_does_not_have():
    with pytest.raises(TypeError, match="unexpected hyperparameter 'momentum'"):
        optimizers.SGDRule(momentum=0.9)


def test_rule_skips_a_parameter_without_gradient():
    rule = optimizers.AdaGradRule()
    w = chainer.Parameter(numpy.ones(2, dtype=numpy.float32))
    w.cleargrad()
    rule.update_core_cpu(w)  # state not needed: nothing happens
    numpy.testing.assert_array_equal(w.data, [1, 1])


def test_adam_rule_step_size_and_bounds_follow_its_own_t():
    rule = optimizers.AdamRule(alpha=0.1, beta1=0.5, beta2=0.75, adabound=True)
    rule.t = 1
    assert rule.lr == pytest.approx(0.1 * numpy.sqrt(0.25) / 0.5)
    assert rule.alpha_t == rule.lr
    lower, upper = rule.bounds
    assert lower < 0.1 < upper


def test_rule_is_copied_and_pickled_with_its_state():
    link = _link()
    link.w.update_rule = optimizers.AdamRule()
    link.w.grad = _grads(0)
    link.w.update()
    for clone in (pickle.loads(pickle.dumps(link.w.update_rule)),
                  copy.deepcopy(link.w.update_rule)):
        assert clone.t == 1
        numpy.testing.assert_array_equal(clone.state['m'], link.w.update_rule.state['m'])
        w = chainer.Parameter(link.w.data.copy())
        w.grad = _grads(1)
        clone.update(w)
        assert clone.t == 2


def test_a_rule_set_on_a_parameter_updates_it_under_a_v1_style_optimizer():
    link = chainer.Link()
    with link.init_scope():
        link.a = chainer.Parameter(numpy.ones(2, dtype=numpy.float32))
        link.b = chainer.Parameter(numpy.ones(2, dtype=numpy.float32))
    opt = optimizers.SGD(lr=0.1).setup(link)
    link.b.update_rule = optimizers.SGDRule(lr=0.5)
    for p in (link.a, link.b):
        p.grad = numpy.ones(2, dtype=numpy.float32)
    opt.update()
    numpy.testing.assert_allclose(link.a.data, [0.9, 0.9], rtol=1e-6)
    numpy.testing.assert_allclose(link.b.data, [0.5, 0.5], rtol=1e-6)
    assert link.b.update_rule.t == 1


@pytest.mark.parametrize('opt_class', [
    optimizers.SGD, optimizers.MomentumSGD, optimizers.NesterovAG, optimizers.AdaGrad,
    optimizers.AdaDelta, optimizers.RMSprop, optimizers.RMSpropGraves,
    optimizers.SMORMS3, optimizers.MSVAG, optimizers.Adam,
    optimizers.CorrectedMomentumSGD])
def test_every_hyperparameter_is_kept_as_given(opt_class):
    # v7 code sets e.g. rho=1.05 or amsgrad=0.1 and reads the value back; the
    # out-of-range ones warn (tested in test_optimizers.py), only the value counts here
    for name, default in opt_class().hyperparam.get_dict().items():
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            opt = opt_class(**{name: default + 0.1})
        assert getattr(opt.hyperparam, name) == default + 0.1, name
