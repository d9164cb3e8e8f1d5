"""Per-parameter update rules (the v2+ optimizer API) and their hyperparameters.

A v2+ :class:`~chainer.GradientMethod` gives every parameter its own
:class:`UpdateRule`; the rule holds the parameter's state arrays, its own hooks and a
:class:`Hyperparameter` whose missing attributes are read from the optimizer's.
"""
import collections

import numpy

from chainer import cuda
from chainer import serializer as serializer_module

_TIMINGS = ('pre', 'post', 'auto')


class Hyperparameter(object):
    """A set of hyperparameters that reads what it lacks from a parent.

    Setting an attribute stores it here; reading one this object does not hold reads
    the parent's (and so on up the chain), so an optimizer-wide change shows in every
    rule that did not override it.

    Args:
        parent (Hyperparameter): where missing attributes are read; None for a root.
    """

    def __init__(self, parent=None):
        self._parent = parent

    def __getattr__(self, name):
        parent = self.__dict__.get('_parent')
        if parent is None:
            raise AttributeError('hyperparameter {!r} is not set'.format(name))
        return getattr(parent, name)

    def __getstate__(self):
        return self.__dict__

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __repr__(self):
        return 'Hyperparameter({})'.format(', '.join(
            '{}={!r}'.format(k, v) for k, v in sorted(self.get_dict().items())))

    @property
    def parent(self):
        """The parent hyperparameter (None for a root)."""
        return self._parent

    def get_dict(self):
        """Returns every hyperparameter visible here (own values over the parent's)
        as a dict."""
        values = {} if self._parent is None else self._parent.get_dict()
        values.update((k, v) for k, v in self.__dict__.items() if k != '_parent')
        return values


class HyperparameterProxy(object):
    """Class attribute of an optimizer that reads and writes
    ``optimizer.hyperparam.<name>`` (so ``opt.lr = 0.1`` changes the rules' default).

    Args:
        attr_name (str): the hyperparameter's name.
    """

    def __init__(self, attr_name):
        self._attr_name = attr_name
        self.__doc__ = 'Alias of ``self.hyperparam.{}``.'.format(attr_name)

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return getattr(obj.hyperparam, self._attr_name)

    def __set__(self, obj, value):
        setattr(obj.hyperparam, self._attr_name, value)


class HookRegistry(object):
    """Named hooks in registration order, split by timing (``'pre'`` runs before the
    update, ``'post'`` after); ``'auto'`` takes the hook's ``timing`` attribute."""

    def __init__(self):
        self.pre = collections.OrderedDict()
        self.post = collections.OrderedDict()

    def add(self, hook, name, timing):
        """Registers ``hook`` under ``name`` (default: its ``name`` or ``__name__``)
        to run at ``timing`` (``'pre'``, ``'post'`` or ``'auto'``)."""
        if not callable(hook):
            raise TypeError('hook must be callable, got {}'.format(type(hook).__name__))
        if timing not in _TIMINGS:
            raise ValueError("timing must be one of 'pre', 'post', 'auto', got "
                             "{!r}".format(timing))
        if timing == 'auto':
            timing = getattr(hook, 'timing', 'pre')
            if timing not in ('pre', 'post'):
                timing = 'pre'
        if name is None:
            name = getattr(hook, 'name', None) or getattr(hook, '__name__', None)
            if name is None:
                raise ValueError('hook has no name attribute: pass name=...')
        if name in self.pre or name in self.post:
            raise KeyError('hook {!r} already exists'.format(name))
        (self.pre if timing == 'pre' else self.post)[name] = hook

    def remove(self, name):
        """Unregisters the hook called ``name`` (KeyError if there is none)."""
        for hooks in (self.pre, self.post):
            if name in hooks:
                del hooks[name]
                return
        raise KeyError('no hook named {!r}'.format(name))

    def of(self, timing):
        """The ordered dict of the hooks of ``timing`` (``'pre'`` or ``'post'``)."""
        if timing == 'pre':
            return self.pre
        if timing == 'post':
            return self.post
        raise ValueError("timing must be 'pre' or 'post', got {!r}".format(timing))

    def items(self):
        """``(name, hook)`` pairs: the ``'pre'`` hooks, then the ``'post'`` ones."""
        return list(self.pre.items()) + list(self.post.items())

    def keys(self):
        """The names of the hooks, in the order of :meth:`items`."""
        return [name for name, _ in self.items()]

    def values(self):
        """The hooks, in the order of :meth:`items`."""
        return [hook for _, hook in self.items()]

    def __getitem__(self, name):
        return self.pre[name] if name in self.pre else self.post[name]

    def __contains__(self, name):
        return name in self.pre or name in self.post

    def __len__(self):
        return len(self.pre) + len(self.post)

    def __iter__(self):
        return iter(self.keys())


def _dtype_of(param):
    """The parameter's dtype, or None while neither its data nor its initializer
    tells it."""
    if param.data is not None:
        return param.data.dtype
    try:
        return param.dtype
    except (RuntimeError, AttributeError):
        return None


class UpdateRule(object):
    """How one parameter is updated: its state, hyperparameters and hooks.

    Subclasses implement :meth:`update_core_cpu` and :meth:`update_core_gpu` (or
    :meth:`update_core`) and, when they keep state, :meth:`init_state`, which fills
    :attr:`state` at the first update.

    Args:
        parent_hyperparam (Hyperparameter): the optimizer's hyperparameter, read for
            the values this rule does not set itself.

    Attributes:
        enabled (bool): False skips the parameter's updates.
        hyperparam (Hyperparameter): this rule's hyperparameters.
        t (int): number of updates this rule made.
    """

    def __init__(self, parent_hyperparam=None):
        self._hooks = HookRegistry()
        self._state = None
        self.enabled = True
        self.hyperparam = Hyperparameter(parent_hyperparam)
        self.t = 0
        self._use_fp32_update = False
        self._fp32_param = None

    @property
    def state(self):
        """The state dict (None before the first update or load)."""
        return self._state

    def add_hook(self, hook, name=None, timing='auto'):
        """Adds ``hook``, called as ``hook(rule, param)`` before (``'pre'``) or after
        (``'post'``) each update; ``'auto'`` takes ``hook.timing`` (default pre)."""
        self._hooks.add(hook, name, timing)

    def remove_hook(self, name):
        """Removes the hook registered as ``name``."""
        self._hooks.remove(name)

    def update(self, param):
        """Updates ``param`` from its gradient (nothing when not :attr:`enabled`).

        Increments :attr:`t`, initializes the state at the first call, divides the
        gradient by the loss scale backward noted on the parameter, runs the pre
        hooks, :meth:`update_core` and the post hooks. With :meth:`use_fp32_update`
        a float16 parameter is updated through a float32 copy.
        """
        if not self.enabled:
            return
        self.t += 1
        data = param.data
        target = param
        if self._use_fp32_update and _dtype_of(param) == numpy.float16:
            target = self._fp32_copy(param)
        if data is not None:
            self._init_states(target)
            loss_scale = getattr(param, '_loss_scale', None)
            if loss_scale is not None:
                # consumed: a later unscaled backward and update must not divide
                param._loss_scale = None
                if target.grad is not None:
                    target.grad /= target.grad.dtype.type(loss_scale)
        for hook in list(self._hooks.pre.values()):
            hook(self, target)
        self.update_core(target)
        for hook in list(self._hooks.post.values()):
            hook(self, target)
        if target is not param and data is not None:
            param.data[...] = target.data.astype(data.dtype)
            target.grad = None

    def _fp32_copy(self, param):
        from chainer import initializers
        from chainer import parameter
        fp32 = self._fp32_param
        if param.data is None:  # uninitialized: a float32 twin, uninitialized too
            if fp32 is None:
                fp32 = self._fp32_param = parameter.Parameter(
                    initializers.NaN(numpy.float32), name=param.name)
            return fp32
        if fp32 is None or fp32.data is None:
            fp32 = self._fp32_param = parameter.Parameter(
                param.data.astype(numpy.float32), name=param.name)
        fp32.grad = None if param.grad is None else param.grad.astype(numpy.float32)
        return fp32

    def update_core(self, param):
        """Updates ``param`` (dispatches on the device of its data; an uninitialized
        parameter on the device it will be initialized on)."""
        data = param.data
        if isinstance(data, numpy.ndarray) or data is None and getattr(
                param, '_initial_device', None) is None:
            self.update_core_cpu(param)
        else:
            with cuda.get_device(param.data):
                self.update_core_gpu(param)

    def update_core_cpu(self, param):
        """Updates a parameter held in a numpy array (subclasses override)."""
        raise NotImplementedError('{} does not implement update_core_cpu'.format(
            type(self).__name__))

    def update_core_gpu(self, param):
        """Updates a parameter held on a GPU (subclasses override)."""
        raise NotImplementedError('{} does not implement update_core_gpu'.format(
            type(self).__name__))

    def update_core_chainerx(self, param):
        """Updates a parameter held in a ChainerX array. ChainerX is not part of
        this project, so no parameter is ever one: this raises RuntimeError."""
        raise RuntimeError('ChainerX is not part of this project: {} cannot update a '
                           'ChainerX parameter'.format(type(self).__name__))

    def init_state(self, param):
        """Fills :attr:`state` for ``param`` (no state by default)."""
        pass

    def _init_states(self, param):
        if self._state is None:
            self._state = {}
            self.init_state(param)
        data = param.data
        for key, value in self._state.items():
            if isinstance(value, numpy.ndarray) or \
                    hasattr(value, '__cuda_array_interface__'):
                if isinstance(data, numpy.ndarray):
                    self._state[key] = cuda.to_cpu(value)
                else:
                    self._state[key] = cuda.to_gpu(value, cuda.get_device(data))

    def serialize(self, serializer):
        """Saves or loads :attr:`t` and the state entries (under the serializer's
        current path). Loading into a rule without state reads the entries its
        :meth:`init_state` makes; a file written before rules counted ``t`` keeps
        the current one."""
        try:
            self.t = serializer('t', self.t)
        except KeyError:
            if not isinstance(serializer, serializer_module.Deserializer):
                raise
        if self._state is None:
            if not isinstance(serializer, serializer_module.Deserializer):
                return
            from chainer import variable
            probe = numpy.zeros(1, dtype=numpy.float32)
            saved_state = self._state = {}
            self.init_state(variable.Variable(probe, grad=probe))
            for key in list(saved_state):
                try:
                    # the stored value also in the validating pass of an
                    # all-or-nothing load, which must read every entry
                    value = serializer_module._peek(serializer, key, None)
                except KeyError:
                    if self.enabled:  # a strict load of a file lacking the entry
                        self._state = None
                        raise
                    value = None
                if value is None:
                    self._state = None
                    return
                saved_state[key] = value
            if serializer_module._is_validating(serializer):
                self._state = None  # the validating pass changes nothing
            return
        for key in sorted(self._state):
            value = serializer(key, self._state[key])
            if value is not None:
                self._state[key] = value

    def use_fp32_update(self, flag=True):
        """Makes float16 parameters update through a float32 copy kept by the rule."""
        self._use_fp32_update = flag
