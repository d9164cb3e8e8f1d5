"""UpdateRule, Hyperparameter, v2+ GradientMethod, hook timing, loss scaling,
new_epoch(auto) and the v7 serialization layout."""
import numpy
import pytest

import chainer
from chainer import optimizer
from chainer import optimizer_hooks
from chainer.update_rule import Hyperparameter, HyperparameterProxy, UpdateRule


class SGDRule(UpdateRule):
    def __init__(self, parent_hyperparam=None):
        super(SGDRule, self).__init__(parent_hyperparam)

    def init_state(self, param):
        self.state['count'] = numpy.zeros_like(param.data)

    def update_core_cpu(self, param):
        self.state['count'] += 1
        param.data -= self.hyperparam.lr * param.grad


class PlainSGD(chainer.GradientMethod):
    lr = HyperparameterProxy('lr')

    def __init__(self, lr=0.1):
        super(PlainSGD, self).__init__()
        self.hyperparam.lr = lr

    def create_update_rule(self):
        return SGDRule(self.hyperparam)


class Target(object):
    """A minimal link: one Parameter ('/w') and one plain Variable ('/v')."""

    def __init__(self):
        self.w = chainer.Parameter(numpy.array([1.0, 2.0], dtype=numpy.float32))
        self.v = chainer.Variable(numpy.array([3.0], dtype=numpy.float32))

    def namedparams(self):
        return [('/w', self.w), ('/v', self.v)]

    def params(self):
        return [self.w, self.v]

    def cleargrads(self):
        for p in self.params():
            p.cleargrad()

    def zerograds(self):
        for p in self.params():
            p.zerograd()


def _setup(lr=0.1):
    target = Target()
    opt = PlainSGD(lr)
    opt.setup(target)
    for p in target.params():
        p.grad = numpy.ones_like(p.data)
    return target, opt


def test_hyperparameter_reads_parent_and_get_dict():
    root = Hyperparameter()
    root.lr = 0.5
    child = Hyperparameter(root)
    assert child.lr == 0.5 and child.parent is root
    child.lr = 0.1
    child.eps = 1e-3
    assert child.lr == 0.1 and root.lr == 0.5
    assert child.get_dict() == {'lr': 0.1, 'eps': 1e-3}
    with pytest.raises(AttributeError):
        root.missing
    assert 'lr=0.1' in repr(child)


def test_setup_gives_rules_to_parameters_and_variables():
    target, opt = _setup()
    assert isinstance(target.w.update_rule, SGDRule)
    assert isinstance(opt._rule_of('/v', target.v), SGDRule)
    assert target.w.update_rule.hyperparam.lr == 0.1
    opt.lr = 0.5  # the proxy writes the optimizer's hyperparameter
    assert target.w.update_rule.hyperparam.lr == 0.5


def test_update_runs_rules_counts_t_and_state():
    target, opt = _setup()
    opt.update()
    numpy.testing.assert_allclose(target.w.data, [0.9, 1.9])
    numpy.testing.assert_allclose(target.v.data, [2.9])
    rule = target.w.update_rule
    assert rule.t == 1 and opt.t == 1
    numpy.testing.assert_array_equal(rule.state['count'], [1, 1])


def test_disabled_rule_and_per_rule_hyperparameter():
    target, opt = _setup()
    target.w.update_rule.enabled = False
    opt._rule_of('/v', target.v).hyperparam.lr = 1.0
    opt.update()
    numpy.testing.assert_array_equal(target.w.data, [1.0, 2.0])
    numpy.testing.assert_allclose(target.v.data, [2.0])


def test_rule_hooks_pre_and_post():
    target, opt = _setup()
    calls = []
    rule = target.w.update_rule
    rule.add_hook(lambda r, p: calls.append(('pre', p.data.copy())), name='a')

    def post(r, p):
        calls.append(('post', p.data.copy()))
    post.timing = 'post'
    rule.add_hook(post)
    opt.update()
    assert [c[0] for c in calls] == ['pre', 'post']
    numpy.testing.assert_allclose(calls[0][1], [1.0, 2.0])
    numpy.testing.assert_allclose(calls[1][1], [0.9, 1.9])
    rule.remove_hook('a')
    with pytest.raises(KeyError):
        rule.remove_hook('a')
    with pytest.raises(ValueError):
        rule.add_hook(post, name='b', timing='later')


def test_weight_decay_on_one_rule():
    target, opt = _setup(lr=1.0)
    target.w.update_rule.add_hook(optimizer_hooks.WeightDecay(0.5))
    opt.update()
    # g = 1 + 0.5 * w
    numpy.testing.assert_allclose(target.w.data, [1 - 1.5, 2 - 2.0])
    numpy.testing.assert_allclose(target.v.data, [2.0])


def test_optimizer_hook_timing():
    target, opt = _setup()
    seen = []
    opt.add_hook(lambda o: seen.append(('pre', float(target.v.data[0]))), name='p')
    opt.add_hook(lambda o: seen.append(('post', float(target.v.data[0]))), name='q',
                 timing='post')
    opt.update()
    assert seen[0][0] == 'pre' and seen[0][1] == pytest.approx(3.0)
    assert seen[1][0] == 'post' and seen[1][1] == pytest.approx(2.9)
    opt.remove_hook('q')
    assert list(opt._hook_dict().keys()) == ['p']


def test_call_for_each_param_hook_gets_rule_and_param():
    target, opt = _setup()
    got = []

    class Each(object):
        call_for_each_param = True

        def __call__(self, rule, param):
            got.append((rule, param))
    opt.add_hook(Each(), name='each')
    opt.update()
    assert [p is q for (_, p), q in zip(got, target.params())] == [True, True]
    assert got[0][0] is target.w.update_rule


def test_v1_hook_names_are_the_package_hooks():
    for name in ('WeightDecay', 'Lasso', 'GradientClipping', 'GradientHardClipping'):
        assert getattr(optimizer, name) is getattr(optimizer_hooks, name)
    # v1's GradientNoise tells noise_func the optimizer, v2+'s the update rule
    assert issubclass(optimizer.GradientNoise, optimizer_hooks.GradientNoise)
    assert optimizer.exponential_decay_noise is optimizer_hooks.exponential_decay_noise
    assert chainer.UpdateRule is UpdateRule


def test_gradient_lars():
    target, opt = _setup(lr=1.0)
    target.w.data[...] = [3.0, 4.0]  # norm 5
    target.w.grad[...] = [0.0, 1.0]  # norm 1
    hook = optimizer_hooks.GradientLARS(threshold=1.0, weight_decay=0.0, eps=0.0)
    hook(target.w.update_rule, target.w)
    numpy.testing.assert_allclose(target.w.grad, [0.0, 5.0])
    target.v.data[...] = [0.5]  # below the threshold: unscaled
    hook(None, target.v)
    numpy.testing.assert_allclose(target.v.grad, [1.0])


def test_fixed_loss_scale_divides_noted_gradients():
    target, opt = _setup(lr=1.0)
    opt.loss_scaling(scale=4.0)
    target.w._loss_scale = 4.0
    target.w.grad[...] = 4.0
    opt.update()
    numpy.testing.assert_allclose(target.w.data, [0.0, 1.0])
    with pytest.raises(ValueError):
        opt.loss_scaling(scale=0)


def test_dynamic_loss_scaling_skips_overflow_and_adapts():
    target, opt = _setup()
    opt.loss_scaling(interval=2)
    assert opt._loss_scale == 1.0
    opt.update()
    assert opt._loss_scale == 2.0
    target.w.grad[...] = numpy.inf
    before = target.w.data.copy()
    with pytest.warns(UserWarning):
        opt.update()
    numpy.testing.assert_array_equal(target.w.data, before)
    assert opt._loss_scale == 1.0  # halved, floored at 1
    target.w.grad[...] = 1.0
    opt.update()
    assert opt._loss_scale == pytest.approx(2 ** 0.5)


def test_new_epoch_auto():
    opt = PlainSGD()
    opt.new_epoch()
    with pytest.raises(RuntimeError):
        opt.new_epoch(auto=True)
    opt.use_auto_new_epoch = True
    opt.new_epoch(auto=True)
    with pytest.raises(RuntimeError):
        opt.new_epoch()
    assert opt.epoch == 2


def test_serialize_v7_layout_and_round_trip():
    target, opt = _setup()
    opt.update()
    saved = {}
    opt.serialize(chainer.serializers.DictionarySerializer(saved))
    assert {'t', 'epoch', 'w/t', 'w/count', 'v/t', 'v/count'} <= set(saved)
    target2, opt2 = _setup()
    opt2.serialize(chainer.serializers.NpzDeserializer(saved))
    assert opt2.t == 1 and target2.w.update_rule.t == 1
    numpy.testing.assert_array_equal(target2.w.update_rule.state['count'], [1, 1])
    opt2.update()
    numpy.testing.assert_array_equal(target2.w.update_rule.state['count'], [2, 2])


def test_rule_loads_file_without_t():
    rule = SGDRule()
    rule.serialize(chainer.serializers.NpzDeserializer(
        {'count': numpy.array([5.0], dtype=numpy.float32)}))
    assert rule.t == 0
    numpy.testing.assert_array_equal(rule.state['count'], [5.0])


def test_use_fp32_update_keeps_float32_master():
    target = Target()
    target.w = chainer.Parameter(numpy.array([1.0], dtype=numpy.float16))
    opt = PlainSGD(lr=1e-4)
    opt.use_fp32_update()
    opt.setup(target)
    for _ in range(3):
        for p in target.params():
            p.grad = numpy.ones_like(p.data)
        opt.update()
    master = target.w.update_rule._fp32_param.data
    assert master.dtype == numpy.float32
    numpy.testing.assert_allclose(master, [1.0 - 3e-4], rtol=1e-6)
    assert target.w.data.dtype == numpy.float16


def test_v2_optimizer_clears_grads_by_default():
    target, opt = _setup()
    assert opt._use_cleargrads is None
    calls = []
    target.cleargrads = lambda: calls.append('clear')

    class Loss(object):
        def backward(self, **kw):
            for p in target.params():
                p.grad = numpy.ones_like(p.data)
    opt.update(lambda: Loss())
    assert calls == ['clear']


class V1SGD(chainer.GradientMethod):
    """A v1-style optimizer (update_one_cpu, states in the optimizer)."""

    def init_state_cpu(self, param, state):
        state['v'] = numpy.zeros_like(param.data)

    def update_one_cpu(self, param, state):
        state['v'] += 1
        param.data -= 0.1 * param.grad


def test_v1_style_optimizer_writes_per_parameter_steps_and_loads_v1_files():
    target = Target()
    opt = V1SGD()
    opt.setup(target)
    for _ in range(2):
        for p in target.params():
            p.grad = numpy.ones_like(p.data)
        opt.update()
    saved = {}
    opt.serialize(chainer.serializers.DictionarySerializer(saved))
    assert int(saved['w/t']) == 2 and int(saved['v/t']) == 2
    v1_file = {k: v for k, v in saved.items() if not k.endswith('/t') or k == 't'}
    opt2 = V1SGD()
    opt2.setup(Target())
    opt2.serialize(chainer.serializers.NpzDeserializer(v1_file))
    assert opt2.t == 2
    numpy.testing.assert_array_equal(opt2._states['/w']['v'], [2, 2])


def test_v1_style_optimizer_divides_by_loss_scale():
    target = Target()
    opt = V1SGD()
    opt.setup(target)
    for p in target.params():
        p.grad = numpy.full_like(p.data, 8.0)
    target.w._loss_scale = 8.0
    opt.update()
    numpy.testing.assert_allclose(target.w.data, [0.9, 1.9])
    numpy.testing.assert_allclose(target.v.data, [3.0 - 0.8])


class V1LrSGD(chainer.GradientMethod):
    """A v1-style optimizer with a hyperparameter attribute."""

    def __init__(self, lr=0.1):
        self.lr = lr

    def update_one_cpu(self, param, state):
        param.data -= self.lr * param.grad


def _v1_setup():
    target = Target()
    opt = V1LrSGD()
    opt.setup(target)
    for p in target.params():
        p.grad = numpy.ones_like(p.data)
    return target, opt


def test_v1_style_optimizer_hyperparam_is_its_attributes():
    _, opt = _v1_setup()
    assert opt.hyperparam.lr == 0.1
    opt.hyperparam.lr = 0.5
    assert opt.lr == 0.5
    assert opt.hyperparam.get_dict() == {'lr': 0.5}
    opt.extra = 3  # not a constructor argument: not a hyperparameter
    assert opt.hyperparam.get_dict() == {'lr': 0.5}


def test_v1_style_rule_enabled_override_hooks_and_t():
    target, opt = _v1_setup()
    rule = target.w.update_rule
    assert rule is opt._rule_of('/w', target.w)
    rule.hyperparam.lr = 1.0  # this parameter only
    seen = []
    rule.add_hook(lambda r, p: seen.append(p.grad.copy()), name='look')
    opt.update()
    numpy.testing.assert_allclose(target.w.data, [0.0, 1.0])
    numpy.testing.assert_allclose(target.v.data, [2.9])
    assert opt.lr == 0.1
    assert len(seen) == 1 and rule.t == 1
    rule.enabled = False
    opt.update()
    numpy.testing.assert_allclose(target.w.data, [0.0, 1.0])
    numpy.testing.assert_allclose(target.v.data, [2.8])
    assert rule.t == 1 and opt._rule_of('/v', target.v).t == 2


def test_v1_style_rule_state_is_the_optimizers_state():
    target = Target()
    opt = V1SGD()
    opt.setup(target)
    assert target.w.update_rule.state is opt._states['/w']
    target.w.grad = numpy.ones(2, dtype=numpy.float32)
    target.v.grad = numpy.ones(1, dtype=numpy.float32)
    target.w.update()  # Parameter.update runs its rule
    numpy.testing.assert_array_equal(opt._states['/w']['v'], [1, 1])


def test_copied_parameter_does_not_carry_the_optimizer():
    import copy
    import pickle
    target, opt = _v1_setup()
    target.w.update_rule.enabled = False
    for clone in (copy.deepcopy(target.w), pickle.loads(pickle.dumps(target.w))):
        assert type(clone.update_rule) is UpdateRule
        assert clone.update_rule.enabled is False
    opt2 = pickle.loads(pickle.dumps(opt))
    opt2.target.w.grad = numpy.ones(2, dtype=numpy.float32)
    opt2.target.v.grad = numpy.ones(1, dtype=numpy.float32)
    opt2.update()  # fresh live rules are made for the unpickled optimizer
    assert opt2._rules['/w'].attached_to(opt2)


def test_strict_load_of_a_file_without_state_raises_and_disabled_rule_does_not():
    rule = SGDRule()
    with pytest.raises(KeyError):
        rule.serialize(chainer.serializers.NpzDeserializer({'t': numpy.array(3)}))
    assert rule.state is None
    rule.enabled = False
    rule.serialize(chainer.serializers.NpzDeserializer({'t': numpy.array(3)},
                                                       strict=False))
    assert rule.state is None and rule.t == 3


def test_fp32_update_of_an_uninitialized_float16_parameter():
    from chainer import initializers
    param = chainer.Parameter(initializers.NaN(numpy.float16))
    seen = []
    rule = UpdateRule()
    rule.update_core = lambda p: seen.append(p)
    rule.use_fp32_update()
    rule.update(param)
    assert seen[0] is not param and seen[0].dtype == numpy.float32
    assert param.data is None and param.dtype == numpy.float16


def test_setup_returns_the_optimizer():
    opt = V1SGD()
    assert opt.setup(Target()) is opt
    opt2 = PlainSGD()
    assert opt2.setup(Target()) is opt2
    base = chainer.Optimizer()
    assert base.setup(Target()) is base


def test_a_loss_scale_is_used_by_one_update_only():
    pytest.importorskip('chainer.optimizers', exc_type=ImportError)  # chainer-training
    import chainer.optimizers
    link = chainer.Link()
    with link.init_scope():
        link.w = chainer.Parameter(numpy.ones(1, numpy.float32))
    opt = chainer.optimizers.SGD(lr=1.0)
    opt.setup(link)
    link.cleargrads()
    loss = link.w * 2.0
    loss.backward(loss_scale=4.0)        # grad 8 = 2 * 4, divided back to 2
    opt.update()
    numpy.testing.assert_allclose(link.w.array, [-1.0])
    link.cleargrads()
    (link.w * 2.0).backward()            # unscaled: grad 2 stays 2
    opt.update()
    numpy.testing.assert_allclose(link.w.array, [-3.0])


def test_a_hook_that_is_not_callable_is_refused_before_the_setup_check():
    opt = optimizer.Optimizer()
    with pytest.raises(TypeError, match='callable'):
        opt.add_hook(1)
    with pytest.raises(RuntimeError, match='setup'):
        opt.add_hook(lambda o: None, 'h1')


def test_an_uninitialized_parameter_is_updated_on_the_host():
    seen = []

    class Rule(chainer.UpdateRule):
        def update_core_cpu(self, param):
            seen.append('cpu')

        def update_core_gpu(self, param):
            seen.append('gpu')

    Rule().update_core(chainer.Parameter())
    assert seen == ['cpu']
