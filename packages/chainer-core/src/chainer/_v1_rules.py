"""The v2+ per-parameter view of a v1-style optimizer (one that implements
``update_one`` and keeps its states and hyperparameter attributes itself).

v7 code reaches ``optimizer.hyperparam.lr`` and ``param.update_rule`` (``enabled``,
``hyperparam``, ``state``, ``t``, hooks) whatever the optimizer; these classes give a
v1-style optimizer those faces without changing its arithmetic or its states.
"""
import contextlib
import inspect

from chainer.update_rule import Hyperparameter, UpdateRule


class AttributeHyperparameter(Hyperparameter):
    """The hyperparameter of a v1-style optimizer: its attributes, read and written
    through (``opt.hyperparam.lr = 0.1`` sets ``opt.lr``)."""

    def __init__(self, optimizer):
        object.__setattr__(self, '_parent', None)
        object.__setattr__(self, '_optimizer', optimizer)

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return getattr(self.__dict__['_optimizer'], name)

    def __setattr__(self, name, value):
        setattr(self._optimizer, name, value)

    def get_dict(self):
        """The optimizer's hyperparameters: the attributes named like the arguments
        of its constructor."""
        opt = self._optimizer
        try:
            names = list(inspect.signature(type(opt).__init__).parameters)[1:]
        except (TypeError, ValueError):
            names = []
        return {k: getattr(opt, k) for k in names if k in vars(opt)}


class V1ParamRule(UpdateRule):
    """One parameter's update rule in a v1-style optimizer.

    Its :attr:`state` is the optimizer's state dict of the parameter, :attr:`t` its
    step count, and :meth:`update` calls the optimizer's ``update_one`` with this
    rule's hooks around it and its own hyperparameter values (those set on
    ``rule.hyperparam``) in effect on the optimizer for that call.
    """

    def __init__(self, optimizer, name):
        super(V1ParamRule, self).__init__(optimizer.hyperparam)
        self._optimizer = optimizer
        self._name = name

    @property
    def state(self):
        return self._optimizer._states.get(self._name)

    @property
    def _state(self):
        return self._optimizer.__dict__.get('_states', {}).get(self._name)

    @_state.setter
    def _state(self, value):
        if value is not None:
            self._optimizer._states[self._name] = value

    @property
    def t(self):
        return self._optimizer.__dict__.get('_param_t', {}).get(self._name, 0)

    @t.setter
    def t(self, value):
        if hasattr(self, '_optimizer'):
            self._optimizer.__dict__.setdefault('_param_t', {})[self._name] = value

    def update(self, param):
        """Updates ``param`` as :meth:`UpdateRule.update` does."""
        opt = self._optimizer
        state = opt._states.get(self._name)
        if state is None:
            self._init_states(param)
            state = opt._states[self._name]
        self.update_with_state(param, state)

    def update_with_state(self, param, state):
        """Updates ``param`` whose state dict ``state`` exists (a direct path when
        the rule has no hooks, overrides or float32 copy)."""
        hooks = self._hooks
        if hooks.pre or hooks.post or self._use_fp32_update or \
                len(self.hyperparam.__dict__) > 1 or not self.enabled:
            super(V1ParamRule, self).update(param)
            return
        opt = self._optimizer
        steps = opt.__dict__.get('_param_t')
        if steps is None:
            steps = opt._param_t = {}
        name = self._name
        steps[name] = steps.get(name, 0) + 1
        loss_scale = getattr(param, '_loss_scale', None)
        if loss_scale is not None:
            param._loss_scale = None  # consumed by this update
            if param.grad is not None:
                param.grad /= param.grad.dtype.type(loss_scale)
        opt.update_one(param, state)

    def _init_states(self, param):
        # the optimizer's prepare() already placed the states on their devices
        if self._state is None:
            self._state = {}
            self.init_state(param)

    def init_state(self, param):
        """Fills the state as the optimizer's ``init_state`` does."""
        self._optimizer.init_state(param, self._state)

    def update_core(self, param):
        """Runs the optimizer's ``update_one`` for the parameter."""
        if len(self.hyperparam.__dict__) == 1:  # only _parent: no overrides
            self._optimizer.update_one(param, self._state)
            return
        with self._overrides():
            self._optimizer.update_one(param, self._state)

    @contextlib.contextmanager
    def _overrides(self):
        own = {k: v for k, v in vars(self.hyperparam).items() if k != '_parent'}
        opt = self._optimizer
        saved = {k: opt.__dict__[k] for k in own if k in opt.__dict__}
        for k, v in own.items():
            setattr(opt, k, v)
        try:
            yield
        finally:
            for k in own:
                if k in saved:
                    setattr(opt, k, saved[k])
                else:
                    opt.__dict__.pop(k, None)

    def __reduce__(self):
        # a copied or pickled parameter must not drag its optimizer (and through it
        # the whole target link) along: it keeps a detached rule with the same flags
        return _detached_rule, (self.enabled, self.t)

    def attached_to(self, optimizer):
        """Whether this rule is the live view of ``optimizer``."""
        return self._optimizer is optimizer


def _detached_rule(enabled, t):
    rule = UpdateRule()
    rule.enabled = enabled
    rule.t = t
    return rule
