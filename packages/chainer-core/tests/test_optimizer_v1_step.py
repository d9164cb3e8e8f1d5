"""The one-pass update step of v1-style optimizers gives what the step by stages gives."""
import numpy
import pytest

import chainer
from chainer import optimizer


class _Momentum(optimizer.GradientMethod):
    # a v1-style optimizer: state in the optimizer, update_one per parameter
    lr, momentum = 0.1, 0.9

    def init_state(self, param, state):
        state['v'] = numpy.zeros_like(param.data)

    def update_one(self, param, state):
        v = state['v']
        v *= self.momentum
        v -= self.lr * param.grad
        param.data += v


class _Staged(_Momentum):
    # overriding a fused stage sends update() through the step by stages
    def prepare(self):
        self.prepared = getattr(self, 'prepared', 0) + 1
        super(_Staged, self).prepare()


def _model():
    root = chainer.Chain()
    with root.init_scope():
        for i in range(3):
            child = chainer.Link()
            with child.init_scope():
                child.W = chainer.Parameter(numpy.full((2, 2), i + 1.0, numpy.float32))
                child.b = chainer.Parameter(numpy.zeros(2, numpy.float32))
                child.u = chainer.Parameter(0.5)  # never initialized (no shape)
            setattr(root, 'l{}'.format(i), child)
    return root


def _train(opt_class, steps=3, clear_one=False):
    model = _model()
    opt = opt_class()
    opt.setup(model)
    for s in range(steps):
        for k, p in enumerate(model.params(include_uninit=False)):
            p.grad = numpy.full(p.data.shape, (k + 1) * (s + 1) / 7.0, numpy.float32)
        if clear_one:
            model.l1.b.cleargrad()
        opt.update()
    return model, opt


@pytest.mark.parametrize('clear_one', [False, True])
def test_one_pass_step_equals_the_staged_step(clear_one):
    fused, opt_f = _train(_Momentum, clear_one=clear_one)
    staged, opt_s = _train(_Staged, clear_one=clear_one)
    assert opt_s.prepared == 4  # setup and three updates went by stages
    for (name, a), (_, b) in zip(sorted(fused.namedparams(include_uninit=False)),
                                 sorted(staged.namedparams(include_uninit=False))):
        numpy.testing.assert_array_equal(a.data, b.data, err_msg=name)
        numpy.testing.assert_array_equal(a.grad, b.grad, err_msg=name)
    assert opt_f.t == opt_s.t == 3
    assert sorted(opt_f._states) == sorted(opt_s._states)
    assert [r.t for _, r in sorted(opt_f._rules.items())] == \
        [r.t for _, r in sorted(opt_s._rules.items())]
    assert {n: r.t for n, r in opt_f._rules.items() if r.t} == \
        {n: 3 for n in opt_f._states}  # the uninitialized ones never stepped
    assert fused.l0.u.data is None


def test_one_pass_step_gives_a_cleared_gradient_zeros():
    model, _ = _train(_Momentum, steps=1, clear_one=True)
    numpy.testing.assert_array_equal(model.l1.b.grad, numpy.zeros(2, numpy.float32))


def test_hooks_and_per_parameter_overrides_still_apply():
    model = _model()
    opt = _Momentum()
    opt.setup(model)
    calls = []
    opt.add_hook(lambda o: calls.append(o.t), name='count')
    model.l0.W.update_rule.hyperparam.lr = 0.0
    model.l2.b.update_rule.enabled = False
    for p in model.params(include_uninit=False):
        p.grad = numpy.ones(p.data.shape, numpy.float32)
    opt.update()
    assert calls == [0]
    numpy.testing.assert_array_equal(model.l0.W.data, numpy.full((2, 2), 1.0))
    numpy.testing.assert_array_equal(model.l2.b.data, numpy.zeros(2))
    numpy.testing.assert_allclose(model.l1.W.data, numpy.full((2, 2), 1.9), rtol=1e-6)
    opt.remove_hook('count')
    model.l0.W.update_rule.hyperparam.__dict__.pop('lr')
    opt.update()  # one pass again; the override is gone
    numpy.testing.assert_allclose(model.l0.W.data, numpy.full((2, 2), 0.9), rtol=1e-6)


def test_a_new_parameter_gets_state_and_rule_in_the_one_pass_step():
    model, opt = _train(_Momentum, steps=1)
    model.l0.u.initialize((2,))
    model.l0.u.grad = numpy.ones(2, numpy.float32)
    opt.update()
    assert '/l0/u' in opt._states
    assert model.l0.u.update_rule.t == 1
    numpy.testing.assert_allclose(model.l0.u.data, numpy.full(2, 0.4),
                                  rtol=1e-6, atol=1e-6)


class _HalfRule(chainer.UpdateRule):
    # a v2+ rule: w <- w / 2, counting its own steps
    def update_core_cpu(self, param):
        param.data /= 2


def test_a_v2_rule_set_on_a_parameter_is_used_by_a_v1_style_optimizer():
    model, opt = _train(_Momentum, steps=1)
    before = model.l2.W.data.copy()
    model.l2.W.update_rule = rule = _HalfRule()
    for p in model.params(include_uninit=False):
        p.grad = numpy.zeros(p.data.shape, numpy.float32)
    opt.update()
    numpy.testing.assert_array_equal(model.l2.W.data, before / 2)
    assert rule.t == 1
    opt.add_hook(lambda o: None, name='staged')  # the step by stages does the same
    opt.update()
    numpy.testing.assert_array_equal(model.l2.W.data, before / 4)
    assert rule.t == 2
