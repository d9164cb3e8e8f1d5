"""Optimizers' base classes (the v1 optimizer hooks are re-exported from
``chainer.optimizer_hooks``).

An :class:`Optimizer` updates the parameters of a *target link*. Per-parameter
*states* (e.g. momentum buffers) live in plain dicts keyed by the parameter's path in
the link hierarchy (``'/l1/W'``), so that every parameter's update, state and gradient
array can be reached one by one (data-parallel or float16 training wrap them there).
The concrete optimizers (SGD, Adam, ...) live in ``chainer.optimizers``
(chainer-training).
"""
import math
import warnings

import numpy

from chainer import _optimizer_files
from chainer import cuda
from chainer import variable
from chainer.optimizer_hooks import _common
from chainer import optimizer_hooks
from chainer.optimizer_hooks import (  # NOQA: the v1 names of the hooks
    exponential_decay_noise, GradientClipping, GradientHardClipping, GradientLARS,
    Lasso, WeightDecay)
from chainer.update_rule import (  # NOQA
    Hyperparameter, HyperparameterProxy, HookRegistry, UpdateRule)


class GradientNoise(optimizer_hooks.GradientNoise):
    """v1's :class:`~chainer.optimizer_hooks.GradientNoise`: ``noise_func(xp,
    shape, dtype, hook, opt)`` is told the optimizer, as in v1 (the hook of
    :mod:`chainer.optimizer_hooks` tells each parameter's update rule, as v2+)."""

    _tells_optimizer = True


def _check_link(link):
    if not (hasattr(link, 'namedparams') and hasattr(link, 'params')):
        # v1's wording first: code written for v1 matches on it
        raise TypeError('optimization target must be a link: a chainer.Link (with '
                        'params() and namedparams()), got {}'.format(type(link).__name__))


def _initialized(params):
    """Yields the ``(name, param)`` pairs whose data array exists."""
    for name, param in params:
        if param.data is not None:
            yield name, param


def _params_with_grad(optimizer):
    """Yields the target's parameters that hold a gradient array."""
    for param in optimizer.target.params():
        if param.grad is not None and param.data is not None:
            yield param


_sum_sqnorm = _common.sum_sqnorm


def _to_device_of(src, dst):
    """Returns ``src`` on the device of ``dst`` (no copy if it already is there)."""
    if isinstance(dst, numpy.ndarray):
        return cuda.to_cpu(src)
    return cuda.to_gpu(src, cuda.get_device(dst))


class Optimizer(object):
    """Base class of all numerical optimizers.

    Subclasses override :meth:`update`. An optimizer may keep *states*, one dict of
    serializable values per parameter, initialized by :meth:`init_state` (or its
    :meth:`init_state_cpu` / :meth:`init_state_gpu` variants). Hook functions added by
    :meth:`add_hook` run in registration order before the update.

    Attributes:
        target (~chainer.Link): the target link, set by :meth:`setup`.
        t (int): number of update steps done.
        epoch (int): current epoch, incremented by :meth:`new_epoch`.
    """

    target = None
    t = 0
    epoch = 0

    use_auto_new_epoch = False
    _loss_scale = None
    _loss_scale_max = 65504  # the largest float16
    _loss_scaling_is_dynamic = False
    _loss_scaling_isnan = False

    def _hook_dict(self):
        hooks = self.__dict__.get('_hooks')
        if hooks is None:
            hooks = self._hooks = HookRegistry()
        return hooks

    def setup(self, link):
        """Sets ``link`` as the target and initializes fresh states for its parameters.

        Existing states are discarded and ``t``/``epoch`` reset to 0; hooks are kept.

        Args:
            link (~chainer.Link): the target link.

        Returns:
            the optimizer itself (v2+: ``opt = Adam().setup(model)``).
        """
        _check_link(link)
        self.target = link
        self.t = 0
        self.epoch = 0
        self._states = {}
        self._param_t = {}  # per-parameter step counts (v7 layout)
        self.prepare()
        return self

    def _require_target(self):
        if self.target is None:
            raise RuntimeError('{} has no target link: call setup(link) first'.format(
                type(self).__name__))

    def prepare(self):
        """Initializes missing states (e.g. of parameters added or initialized after
        :meth:`setup`) and moves every state array to its parameter's device."""
        self._require_target()
        states = self._states
        for name, param in _initialized(self.target.namedparams()):
            state = states.get(name)
            if state is None:
                states[name] = self._new_state(param)
                continue
            for key, value in state.items():
                if isinstance(value, numpy.ndarray) or \
                        hasattr(value, '__cuda_array_interface__'):
                    state[key] = _to_device_of(value, param.data)

    def _new_state(self, param):
        state = {}
        if self.__dict__.get('_use_fp32_update', False) and \
                getattr(param.data, 'dtype', None) == numpy.float16:
            # the state of a float16 parameter updated through its float32 copy is
            # float32 too (v6+): in float16, Adam's eps underflows and steps blow up
            param = variable.Variable(param.data.astype(numpy.float32))
        self.init_state(param, state)
        return state

    def _prepared_states(self):
        """The states :meth:`prepare` would give, the missing ones built aside (for a
        validating pass, which must not change the optimizer)."""
        states = dict(self._states)
        for name, param in _initialized(self.target.namedparams()):
            if name not in states:
                states[name] = self._new_state(param)
        return states

    def init_state(self, param, state):
        """Initializes the state of one parameter (dispatches on the data's device).

        Args:
            param (~chainer.Variable): the parameter.
            state (dict): its state dictionary, to fill in place.
        """
        if isinstance(param.data, numpy.ndarray):
            self.init_state_cpu(param, state)
        else:
            with cuda.get_device(param.data):
                self.init_state_gpu(param, state)

    def init_state_cpu(self, param, state):
        """Initializes the state of a parameter held in a numpy array (no state by
        default)."""
        pass

    def init_state_gpu(self, param, state):
        """Initializes the state of a parameter held on a GPU (no state by default)."""
        pass

    def update(self, lossfun=None, *args, **kwds):
        """Updates the parameters and the states (every optimizer overrides this).

        Args:
            lossfun (callable): returns the loss :class:`~chainer.Variable`; when given
                it is called with ``*args, **kwds`` to compute the gradients first.
        """
        raise TypeError('{} does not define update(): an Optimizer subclass must '
                        'override it'.format(type(self).__name__))

    def new_epoch(self, auto=False):
        """Starts a new epoch: increments :attr:`epoch`.

        Args:
            auto (bool): True when an updater calls it; that needs
                :attr:`use_auto_new_epoch` set, and then only the updater may call it.
        """
        if auto and not self.use_auto_new_epoch:
            raise RuntimeError('new_epoch(auto=True) needs the updater to set '
                               'optimizer.use_auto_new_epoch = True')
        if not auto and self.use_auto_new_epoch:
            raise RuntimeError('new_epoch is already called by the updater '
                               '(use_auto_new_epoch is True): do not call it too')
        self.epoch += 1

    def add_hook(self, hook, name=None, timing='auto'):
        """Registers a hook function, called with the optimizer around each update.

        Args:
            hook (callable): takes the optimizer; a hook whose
                ``call_for_each_param`` is True is called as ``hook(rule, param)``
                for each parameter instead.
            name (str): name of the registration; defaults to ``hook.name`` (or the
                function's ``__name__``).
            timing (str): ``'pre'`` (before the update), ``'post'`` (after) or
                ``'auto'``: the hook's ``timing`` attribute, else ``'pre'``.

        Raises:
            TypeError: ``hook`` is not callable.
            RuntimeError: :meth:`setup` was not called yet.
        """
        if not callable(hook):
            raise TypeError('hook must be callable, got {!r}'.format(hook))
        if self.target is None:  # as in v1 and v7
            raise RuntimeError('call setup(link) before add_hook')
        self._hook_dict().add(hook, name, timing)

    def remove_hook(self, name):
        """Removes the hook function registered as ``name``."""
        self._hook_dict().remove(name)

    def call_hooks(self, timing='pre'):
        """Invokes the hook functions of ``timing`` in registration order."""
        for hook in list(self._hook_dict().of(timing).values()):
            self.call_hook(hook)

    def call_hook(self, hook):
        """Invokes one hook: ``hook(self)``, or ``hook(rule, param)`` for every
        parameter when ``hook.call_for_each_param`` is True."""
        if getattr(hook, 'call_for_each_param', False) is True:
            for name, param in self.target.namedparams():
                hook(self._rule_of(name, param), param)
        else:
            hook(self)

    def _uses_rules(self):
        """Whether the parameters are updated by per-parameter update rules."""
        return False

    def _rule_of(self, name, param):
        rule = getattr(param, 'update_rule', None)
        if rule is None:
            rule = self.__dict__.get('_rules', {}).get(name)
        return rule

    def loss_scaling(self, interval=1000, scale=None):
        """Configures loss scaling: the loss is multiplied by the scale before
        backward and each gradient divided by it before its update.

        Args:
            interval (int): with ``scale`` None (dynamic scaling), the scale doubles
                every step until a gradient overflows, halves at each overflow (whose
                update is skipped), and afterwards grows by 2 every ``interval``
                steps.
            scale (float): a fixed scale; None for dynamic scaling.
        """
        if scale is None:
            self._loss_scaling_is_dynamic = True
            if interval < 1:
                raise ValueError('interval must be at least 1, got {}'.format(interval))
            self._loss_scale = 1.0
            self._loss_scaling_multiplier = math.pow(2.0, 1.0 / interval)
            self._loss_scaling_isnan_ever = False
        else:
            if scale <= 0:
                raise ValueError('loss scale must be positive, got {}'.format(scale))
            self._loss_scaling_is_dynamic = False
            self._loss_scale = scale

    def set_loss_scale(self, loss_scale):
        """Sets a fixed loss scale (see :meth:`loss_scaling`)."""
        self.loss_scaling(scale=loss_scale)

    def check_nan_in_grads(self):
        """With dynamic loss scaling, notes whether any gradient is not finite."""
        self._loss_scaling_isnan = False
        if not self._loss_scaling_is_dynamic:
            return
        for name, param in self.target.namedparams():
            if param.grad is None:
                continue
            xp = cuda.get_array_module(param.grad)
            if not bool(xp.all(xp.isfinite(param.grad))):
                self._loss_scaling_isnan = self._loss_scaling_isnan_ever = True
                warnings.warn('non-finite gradient of {} (iteration {}, loss scale {})'
                              .format(name, self.t, self._loss_scale))

    def is_safe_to_update(self):
        """False when dynamic loss scaling found a non-finite gradient."""
        return not self._loss_scaling_isnan

    def update_loss_scale(self):
        """Grows or shrinks the dynamic loss scale after a step (see
        :meth:`loss_scaling`)."""
        if not self._loss_scaling_is_dynamic:
            return
        if self._loss_scaling_isnan:
            multiplier = 0.5
        elif self._loss_scaling_isnan_ever:
            multiplier = self._loss_scaling_multiplier
        else:
            multiplier = 2.0
        self._loss_scale = max(1, min(self._loss_scale_max,
                                      self._loss_scale * multiplier))

    def serialize(self, serializer):
        """Saves or loads ``t``, ``epoch``, every per-parameter state and the state of
        every hook that has a ``serialize`` method.

        State entries are stored under the parameter's path: ``'l1/W/v'`` for the
        entry ``v`` of parameter ``/l1/W``, with its step count ``'l1/W/t'`` as
        Chainer v7 writes it; a hook's under ``'hook:<name>/'``; with dynamic loss
        scaling, its scale under ``'loss_scaling/'``. Parameters themselves are
        not included. Files of the real Chainer v1.24 and v7 load, and the real
        Chainer loads these.

        Args:
            serializer (~chainer.AbstractSerializer): serializer or deserializer.
        """
        self.t = serializer('t', self.t)
        self.epoch = serializer('epoch', self.epoch)
        _optimizer_files.serialize_loss_scaling(self, serializer)
        if self.target is None:
            return
        if not self._uses_rules():
            _optimizer_files.serialize_states(self, serializer)
        for name, param in sorted(self.target.namedparams()):
            rule = self._rule_of(name, param) if self._uses_rules() else None
            if rule is not None:
                _optimizer_files.serialize_rule(rule, param, serializer, name)
        for name, hook in self._hook_dict().items():
            if hasattr(hook, 'serialize'):  # a stateful hook (GradientNoise's random state)
                hook.serialize(serializer['hook:' + name])

    # Deprecated (v1.5) helpers, kept for old user code.

    def zero_grads(self):
        """Fills all gradient arrays with zeros (deprecated: use
        ``target.zerograds()``)."""
        self._require_target()
        self.target._zerograds()

    def compute_grads_norm(self):
        """Returns the L2 norm of all gradients together, as a float (deprecated).

        .. math:: \\|g\\| = \\sqrt{\\textstyle\\sum_i g_i^2}
        """
        self._require_target()
        return math.sqrt(_sum_sqnorm(p.grad for p in _params_with_grad(self)))

    def clip_grads(self, maxnorm):
        """Scales the gradients so that their L2 norm is at most ``maxnorm``
        (deprecated: use :class:`GradientClipping`)."""
        self._require_target()
        GradientClipping(maxnorm)(self)

    def weight_decay(self, decay):
        """Adds ``decay * param`` to every gradient (deprecated: use
        :class:`WeightDecay`)."""
        self._require_target()
        WeightDecay(decay)(self)

    def accumulate_grads(self, grads):
        """Adds gradient arrays from another source to the target's gradients.

        Used in data-parallel training: ``grads`` come in ``target.params()`` order
        and may live on other devices (deprecated: use ``target.addgrads()``).

        Args:
            grads (iterable of arrays): one gradient array per parameter.
        """
        self._require_target()
        params = list(self.target.params())
        grads = list(grads)
        if len(grads) != len(params):
            raise ValueError('grads has {} arrays for {} parameters'.format(
                len(grads), len(params)))
        for param, g_src in zip(params, grads):
            if param.grad is None:
                variable.zero_grad(param)
            g_dst = param.grad
            with cuda.get_device(g_dst):
                g_dst += _to_device_of(g_src, g_dst)


from chainer.gradient_method import GradientMethod  # NOQA: E402 (it subclasses Optimizer)
