"""GradientMethod: the base of the optimizers that step along each gradient.

Two kinds of subclasses share it: v1 ones, which implement ``update_one`` and keep
their states in the optimizer, and v2+ ones, which implement
:meth:`GradientMethod.create_update_rule` and keep everything in per-parameter
:class:`~chainer.UpdateRule` objects.
"""
import numpy

from chainer import _per_class
from chainer import _v1_rules
from chainer import cuda
from chainer import optimizer as optimizer_module
from chainer import update_rule as update_rule_module
from chainer import variable
from chainer.update_rule import Hyperparameter


class GradientMethod(optimizer_module.Optimizer):
    """Base class of optimizers that update each parameter from its gradient.

    A v1 subclass overrides :meth:`init_state` (or its CPU/GPU variants) when it
    keeps states, and :meth:`update_one` (or both :meth:`update_one_cpu` and
    :meth:`update_one_gpu`). A v2+ subclass overrides :meth:`create_update_rule`;
    :meth:`setup` then gives every parameter a rule (``param.update_rule``; for a
    plain :class:`~chainer.Variable` the optimizer keeps it), whose hyperparameter
    reads what it lacks from :attr:`hyperparam`.

    Attributes:
        hyperparam (~chainer.Hyperparameter): the optimizer-wide hyperparameters.
    """

    _use_cleargrads = None  # None: v1 subclasses zero, v2+ ones clear
    _use_fp32_update = False

    def __init__(self):
        self.hyperparam = Hyperparameter()

    @property
    def hyperparam(self):
        """The optimizer's hyperparameters (v2+): the parent of every update rule's;
        for a v1-style optimizer, a view of its attributes (``lr``, ``momentum``...)."""
        hp = self.__dict__.get('_hyperparam')
        if hp is None:
            # a v1-style optimizer's hyperparameters are its attributes
            hp = Hyperparameter() if self._uses_rules() else \
                _v1_rules.AttributeHyperparameter(self)
            self.__dict__['_hyperparam'] = hp
        return hp

    @hyperparam.setter
    def hyperparam(self, value):
        self.__dict__['_hyperparam'] = value

    def _uses_rules(self):
        return 'create_update_rule' in self.__dict__ or \
            type(self).create_update_rule is not GradientMethod.create_update_rule

    def create_update_rule(self):
        """Returns a new :class:`~chainer.UpdateRule` for one parameter (v2+
        subclasses override this)."""
        raise NotImplementedError('{} does not define create_update_rule'.format(
            type(self).__name__))

    def setup(self, link):
        """Sets ``link`` as the target (and, for a v2+ optimizer, gives each
        parameter a fresh update rule). Returns the optimizer."""
        super(GradientMethod, self).setup(link)
        self._rules = {}
        for name, param in link.namedparams():
            self._new_rule(name, param)
        return self

    def _new_rule(self, name, param):
        if self._uses_rules():
            rule = self.create_update_rule()
        else:
            rule = _v1_rules.V1ParamRule(self, name)
        if self._use_fp32_update:
            rule.use_fp32_update()
        self._rules[name] = rule
        if hasattr(param, '__dict__'):  # a Parameter carries its rule
            param.update_rule = rule
        return rule

    def _rules_by_param(self):
        """Yields ``(param, rule)`` for every parameter, making missing rules."""
        rules = self.__dict__.setdefault('_rules', {})
        for name, param in self.target.namedparams():
            rule = getattr(param, 'update_rule', None)
            if rule is None:
                rule = rules.get(name) or self._new_rule(name, param)
            yield param, rule

    def use_cleargrads(self, use=True):
        """Makes :meth:`update` with a loss function clear the gradients (set them to
        None) instead of filling them with zeros, which saves memory and time."""
        self._use_cleargrads = use

    def use_fp32_update(self, flag=True):
        """Makes the update rules update float16 parameters through float32 copies
        (fp32 master weights, v6+); the states of those parameters (momentum,
        Adam's moments) are kept in float32 too, those made before this call
        converted."""
        self._use_fp32_update = flag
        for rule in self.__dict__.get('_rules', {}).values():
            rule.use_fp32_update(flag)
        if flag:
            for state in self.__dict__.get('_states', {}).values():
                for key, value in state.items():
                    if getattr(value, 'dtype', None) == numpy.float16:
                        state[key] = value.astype(numpy.float32)

    def update(self, lossfun=None, *args, **kwds):
        """Updates the parameters from their gradients.

        With ``lossfun``, the loss ``lossfun(*args, **kwds)`` is computed, the
        gradients are reset (zeros, or None after :meth:`use_cleargrads`; v2+
        optimizers clear by default) and the loss is backpropagated, multiplied by
        the loss scale if :meth:`loss_scaling` set one; otherwise the gradients must
        have been computed already. Then the 'pre' hooks run, ``t`` is incremented,
        every parameter is updated (each gradient first divided by the loss scale
        backward noted on it; with dynamic loss scaling, no parameter when a
        gradient is not finite), the 'post' hooks run and the loss scale adapts.
        """
        self._require_target()
        rules = self._uses_rules()
        if lossfun is not None:
            loss = lossfun(*args, **kwds)
            clear = self._use_cleargrads
            if clear if clear is not None else rules:
                self.target.cleargrads()
            else:
                self.target._zerograds()
            if self._loss_scale is None:
                loss.backward()
            else:
                loss.backward(loss_scale=self._loss_scale)
            del loss
        if not rules and self._can_fuse_v1_step():
            self._fused_v1_step()
            return
        self.reallocate_cleared_grads()
        self.check_nan_in_grads()
        self.call_hooks('pre')
        if not rules:
            self.prepare()
        self.t += 1
        if self.is_safe_to_update():
            if rules:
                for param, rule in list(self._rules_by_param()):
                    rule.update(param)
            else:
                self._update_v1()
        self.reallocate_cleared_grads()
        self.call_hooks('post')
        self.update_loss_scale()

    def _can_fuse_v1_step(self):
        """Whether the v1 step may run as one pass over the parameters: no
        optimizer hooks, no dynamic loss scaling, and none of the steps it fuses
        overridden by the subclass."""
        hooks = self.__dict__.get('_hooks')
        if hooks is not None and (hooks.pre or hooks.post) or \
                self._loss_scaling_is_dynamic:
            return False
        cls = type(self)
        fusable = _FUSABLE.get(id(cls))
        if fusable is None:
            fusable = _per_class.remember(_FUSABLE, cls, all(
                getattr(cls, name) is getattr(GradientMethod, name)
                for name in _FUSED_METHODS))
        return fusable

    def _fused_v1_step(self):
        # The steps of update() after backward, for each parameter in turn: one walk
        # of the link hierarchy instead of five (reallocation, prepare, update,
        # reallocation), which is most of the cost of many small parameters.
        self._loss_scaling_isnan = False
        self.t += 1
        states = self._states
        rules = self.__dict__.setdefault('_rules', {})
        for name, param in self.target.namedparams():
            data = param.data
            if data is None:
                continue
            if param.grad is None:
                variable.zero_grad(param)
            rule = getattr(param, 'update_rule', None)
            if type(rule) is not _v1_rules.V1ParamRule or rule._optimizer is not self \
                    or rule._name != name:
                rule = self._v1_rule_of(name, param, rules)
                if not isinstance(rule, _v1_rules.V1ParamRule):
                    rule.update(param)  # a v2+ rule set on the parameter
                    if param.grad is None:
                        variable.zero_grad(param)
                    continue
            state = states.get(name)
            if state is None:
                state = states[name] = self._new_state(param)
            elif state:
                _place_states(state, data)
            rule.update_with_state(param, state)
            if param.grad is None:
                variable.zero_grad(param)

    def _update_v1(self):
        rules = self.__dict__.setdefault('_rules', {})
        for name, param in optimizer_module._initialized(self.target.namedparams()):
            self._v1_rule_of(name, param, rules).update(param)

    def _v1_rule_of(self, name, param, rules=None):
        """The rule that updates ``param`` under a v1-style optimizer: a v2+ rule
        that code set on the parameter (``param.update_rule = AdamRule()``; it
        keeps its own state), else the optimizer's live view (made anew for a new
        parameter or an unpickled, detached one)."""
        own = getattr(param, 'update_rule', None)
        if own is not None and not isinstance(own, _v1_rules.V1ParamRule) and \
                type(own) is not update_rule_module.UpdateRule:
            return own
        if rules is None:
            rules = self.__dict__.setdefault('_rules', {})
        rule = rules.get(name)
        if not isinstance(rule, _v1_rules.V1ParamRule) or not rule.attached_to(self):
            rule = self._new_rule(name, param)
        return rule

    def reallocate_cleared_grads(self):
        """Gives every parameter whose gradient is None (unreached by backprop, or
        cleared by :meth:`~chainer.Variable.cleargrad`) a zero gradient: no change.

        Runs before the hooks and after each of them, as in v1, so that a hook may
        clear gradients and the next hooks and the update still find arrays.
        """
        for _, param in optimizer_module._initialized(self.target.namedparams()):
            if param.grad is None:
                variable.zero_grad(param)

    def call_hook(self, hook):
        """Invokes one hook, then reallocates the gradients it cleared."""
        super(GradientMethod, self).call_hook(hook)
        self.reallocate_cleared_grads()

    def update_one(self, param, state):
        """Updates one parameter from its gradient and state (dispatches on the
        device: :meth:`update_one_cpu` or :meth:`update_one_gpu`).

        Args:
            param (~chainer.Variable): the parameter (``param.grad`` is set).
            state (dict): its state dictionary.
        """
        if isinstance(param.data, cuda.numpy.ndarray):
            self.update_one_cpu(param, state)
        else:
            with cuda.get_device(param.data):
                self.update_one_gpu(param, state)

    def update_one_cpu(self, param, state):
        """Updates a parameter held in a numpy array (subclasses override)."""
        raise TypeError('{} defines neither update_one nor update_one_cpu'.format(
            type(self).__name__))

    def update_one_gpu(self, param, state):
        """Updates a parameter held on a GPU (subclasses override)."""
        raise TypeError('{} has no GPU implementation (update_one_gpu)'.format(
            type(self).__name__))


#: The methods whose base versions the fused v1 step stands for.
_FUSED_METHODS = ('reallocate_cleared_grads', 'check_nan_in_grads', 'call_hooks',
                  'prepare', 'is_safe_to_update', '_update_v1', 'update_loss_scale',
                  '_new_rule')
_FUSABLE = {}  # per class, keyed by its id (see chainer._per_class)


def _place_states(state, data):
    """Moves the state arrays to the device of ``data`` (as :meth:`Optimizer.prepare`
    does; host states of a host parameter are left as they are, the common case)."""
    if isinstance(data, numpy.ndarray):
        for key, value in state.items():
            if not isinstance(value, numpy.ndarray) and \
                    hasattr(value, '__cuda_array_interface__'):
                state[key] = cuda.to_cpu(value)
        return
    for key, value in state.items():
        if isinstance(value, numpy.ndarray) or \
                hasattr(value, '__cuda_array_interface__'):
            state[key] = optimizer_module._to_device_of(value, data)
