"""Optimizers' base classes and optimizer hook functions (spec 001 §3.1.5).

An :class:`Optimizer` updates the parameters of a *target link*. Per-parameter
*states* (e.g. momentum buffers) live in plain dicts keyed by the parameter's path in
the link hierarchy (``'/l1/W'``), so that every parameter's update, state and gradient
array can be reached one by one (data-parallel or float16 training wrap them there).
The concrete optimizers (SGD, Adam, ...) live in ``chainer.optimizers``
(chainer-training).
"""
import collections
import math

import numpy

from chainer import cuda
from chainer import serializer as serializer_module
from chainer.utils import _random_state as random_state


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


def _sum_sqnorm(arrays):
    """Sum of squares of all elements of ``arrays`` (one host sync per device)."""
    per_device = collections.defaultdict(list)
    for a in arrays:
        dev = cuda.get_device(a)
        with dev:
            flat = a.ravel()
            if flat.dtype == numpy.float16:  # float16 squares overflow at 256
                flat = flat.astype(numpy.float32)
            per_device[int(dev)].append(flat.dot(flat).astype(numpy.float64))
    total = 0.0
    for values in per_device.values():
        total += float(sum(values))
    return total


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

    def _hook_dict(self):
        hooks = self.__dict__.get('_hooks')
        if hooks is None:
            hooks = self._hooks = collections.OrderedDict()
        return hooks

    def setup(self, link):
        """Sets ``link`` as the target and initializes fresh states for its parameters.

        Existing states are discarded and ``t``/``epoch`` reset to 0; hooks are kept.

        Args:
            link (~chainer.Link): the target link.
        """
        _check_link(link)
        self.target = link
        self.t = 0
        self.epoch = 0
        self._states = {}
        self.prepare()

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

    def new_epoch(self):
        """Starts a new epoch: increments :attr:`epoch`."""
        self.epoch += 1

    def add_hook(self, hook, name=None):
        """Registers a hook function, called with the optimizer before each update.

        Args:
            hook (callable): takes the optimizer.
            name (str): name of the registration; defaults to ``hook.name`` (or the
                function's ``__name__``).
        """
        if not callable(hook):
            raise TypeError('hook must be callable, got {}'.format(type(hook).__name__))
        if name is None:
            name = getattr(hook, 'name', None) or getattr(hook, '__name__', None)
            if name is None:
                raise ValueError('hook has no name attribute: pass name=...')
        hooks = self._hook_dict()
        if name in hooks:
            raise KeyError('hook {!r} already exists'.format(name))
        hooks[name] = hook

    def remove_hook(self, name):
        """Removes the hook function registered as ``name``."""
        del self._hook_dict()[name]

    def call_hooks(self):
        """Invokes the hook functions in registration order."""
        for hook in self._hook_dict().values():
            hook(self)

    def serialize(self, serializer):
        """Saves or loads ``t``, ``epoch``, every per-parameter state and the state of
        every hook that has a ``serialize`` method.

        State entries are stored under the parameter's path: ``'l1/W/v'`` for the
        entry ``v`` of parameter ``/l1/W``; a hook's under ``'hook:<name>/'``.
        Parameters themselves are not included.

        Args:
            serializer (~chainer.AbstractSerializer): serializer or deserializer.
        """
        self.t = serializer('t', self.t)
        self.epoch = serializer('epoch', self.epoch)
        if self.target is None:
            return
        # a fresh optimizer being loaded needs its states before they can be filled
        if serializer_module._is_validating(serializer):
            states = self._prepared_states()
        else:
            self.prepare()
            states = self._states
        for name, state in sorted(states.items()):
            child = serializer[name.lstrip('/')]
            for key in sorted(state):
                value = child(key, state[key])
                if value is not None:
                    state[key] = value
        for name, hook in self._hook_dict().items():
            if hasattr(hook, 'serialize'):  # a stateful hook (GradientNoise's random state)
                hook.serialize(serializer['hook:' + name])

    # Deprecated (v1.5) helpers, kept for old user code.

    def zero_grads(self):
        """Fills all gradient arrays with zeros (deprecated: use
        ``target.zerograds()``)."""
        self._require_target()
        self.target.zerograds()

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
                param.zerograd()
            g_dst = param.grad
            with cuda.get_device(g_dst):
                g_dst += _to_device_of(g_src, g_dst)


class GradientMethod(Optimizer):
    """Base class of optimizers that update each parameter from its gradient.

    Subclasses override :meth:`init_state` (or its CPU/GPU variants) when they keep
    states, and :meth:`update_one` (or both :meth:`update_one_cpu` and
    :meth:`update_one_gpu`).
    """

    _use_cleargrads = False

    def use_cleargrads(self, use=True):
        """Makes :meth:`update` with a loss function clear the gradients (set them to
        None) instead of filling them with zeros, which saves memory and time."""
        self._use_cleargrads = use

    def update(self, lossfun=None, *args, **kwds):
        """Updates the parameters from their gradients.

        With ``lossfun``, the loss ``lossfun(*args, **kwds)`` is computed, the
        gradients are reset (zeros, or None after :meth:`use_cleargrads`) and the loss
        is backpropagated; otherwise the gradients must have been computed already.
        Then the hooks run, ``t`` is incremented and :meth:`update_one` is called for
        every parameter with its state.
        """
        self._require_target()
        if lossfun is not None:
            loss = lossfun(*args, **kwds)
            if self._use_cleargrads:
                self.target.cleargrads()
            else:
                self.target.zerograds()
            loss.backward()
            del loss
        self.reallocate_cleared_grads()
        self.call_hooks()
        self.prepare()
        self.t += 1
        states = self._states
        for name, param in _initialized(self.target.namedparams()):
            self.update_one(param, states[name])

    def reallocate_cleared_grads(self):
        """Gives every parameter whose gradient is None (unreached by backprop, or
        cleared by :meth:`~chainer.Variable.cleargrad`) a zero gradient: no change.

        Runs before the hooks and after each of them, as in v1, so that a hook may
        clear gradients and the next hooks and the update still find arrays.
        """
        for _, param in _initialized(self.target.namedparams()):
            if param.grad is None:
                param.zerograd()

    def call_hooks(self):
        """Invokes the hook functions in registration order, reallocating the
        gradients a hook cleared before the next one runs."""
        for hook in self._hook_dict().values():
            hook(self)
            self.reallocate_cleared_grads()

    def update_one(self, param, state):
        """Updates one parameter from its gradient and state (dispatches on the
        device: :meth:`update_one_cpu` or :meth:`update_one_gpu`).

        Args:
            param (~chainer.Variable): the parameter (``param.grad`` is set).
            state (dict): its state dictionary.
        """
        if isinstance(param.data, numpy.ndarray):
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


def _check_number(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, float, numpy.number)):
        raise TypeError('{} must be a number, got {!r}'.format(name, value))
    return value


class WeightDecay(object):
    """Optimizer hook for weight decay (L2) regularization: ``g <- g + rate * w``.

    Args:
        rate (float): coefficient of the weight decay.
    """

    name = 'WeightDecay'

    def __init__(self, rate):
        self.rate = _check_number(rate, 'rate')

    def __call__(self, opt):
        """Adds ``rate * w`` to the gradient of each parameter of ``opt.target`` that
        has one.

        Args:
            opt (Optimizer): the optimizer calling the hook before its update.
        """
        rate = self.rate
        for param in _params_with_grad(opt):
            data = param.data
            with cuda.get_device(data):
                param.grad += data.dtype.type(rate) * data


class Lasso(object):
    """Optimizer hook for Lasso (L1) regularization: ``g <- g + rate * sign(w)``.

    Args:
        rate (float): coefficient of the regularization.
    """

    name = 'Lasso'

    def __init__(self, rate):
        self.rate = _check_number(rate, 'rate')

    def __call__(self, opt):
        """Adds ``rate * sign(w)`` to the gradient of each parameter of ``opt.target``
        that has one.

        Args:
            opt (Optimizer): the optimizer calling the hook before its update.
        """
        rate = self.rate
        for param in _params_with_grad(opt):
            xp = cuda.get_array_module(param.data)
            data = param.data
            with cuda.get_device(data):
                param.grad += data.dtype.type(rate) * xp.sign(data)


class GradientClipping(object):
    """Optimizer hook that rescales all gradients to an L2 norm of at most
    ``threshold``: ``g <- g * min(1, threshold / ||g||)``, the norm taken over all
    gradients together.

    Args:
        threshold (float): the L2 norm threshold.
    """

    name = 'GradientClipping'

    def __init__(self, threshold):
        self.threshold = _check_number(threshold, 'threshold')

    def __call__(self, opt):
        """Scales every gradient of ``opt.target`` by ``threshold / norm`` when the L2
        norm of all of them together exceeds ``threshold``; leaves them as they are
        otherwise.

        Args:
            opt (Optimizer): the optimizer calling the hook before its update.
        """
        params = list(_params_with_grad(opt))
        norm = math.sqrt(_sum_sqnorm(p.grad for p in params))
        if norm == 0.0:
            return
        rate = self.threshold / norm
        if rate < 1:
            for param in params:
                with cuda.get_device(param.grad):
                    param.grad *= param.grad.dtype.type(rate)


class GradientHardClipping(object):
    """Optimizer hook that clips every gradient element into
    ``[lower_bound, upper_bound]``.

    Args:
        lower_bound (float): the lower bound.
        upper_bound (float): the upper bound.
    """

    name = 'GradientHardClipping'

    def __init__(self, lower_bound, upper_bound):
        _check_number(lower_bound, 'lower_bound')
        _check_number(upper_bound, 'upper_bound')
        if lower_bound > upper_bound:
            raise ValueError('lower_bound ({}) must not exceed upper_bound ({})'.format(
                lower_bound, upper_bound))
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def __call__(self, opt):
        """Clips each gradient of ``opt.target`` into ``[lower_bound, upper_bound]``
        in place.

        Args:
            opt (Optimizer): the optimizer calling the hook before its update.
        """
        for param in _params_with_grad(opt):
            xp = cuda.get_array_module(param.grad)
            with cuda.get_device(param.grad):
                xp.clip(param.grad, self.lower_bound, self.upper_bound, out=param.grad)


def exponential_decay_noise(xp, shape, dtype, hook, opt):
    """Annealed Gaussian noise, the default of :class:`GradientNoise`.

    Samples :math:`N(0, \\sigma_t^2)` with :math:`\\sigma_t^2 = \\eta / (1 + t)^{0.55}`
    (Neelakantan et al., "Adding Gradient Noise Improves Learning for Very Deep
    Networks").

    Args:
        xp: array module (numpy or cupy).
        shape (tuple of ints): shape of the noise.
        dtype: dtype of the noise.
        hook (GradientNoise): the hook (its ``eta`` is used).
        opt (Optimizer): the optimizer (its ``t`` is used).

    Returns:
        array: the noise.
    """
    std = math.sqrt(hook.eta / (1 + opt.t) ** 0.55)
    rng = getattr(hook, 'rng', None)
    if xp is numpy and rng is not None:  # the hook's own, serialized, random state
        return rng.normal(0, std, shape).astype(dtype, copy=False)
    return xp.random.normal(0, std, shape).astype(dtype, copy=False)


class GradientNoise(object):
    """Optimizer hook that adds noise to every gradient: ``g <- g + noise``.

    Args:
        eta (float): scale of the noise; 0.01, 0.3 or 1.0 are recommended for the
            default noise function.
        noise_func (callable): ``noise_func(xp, shape, dtype, hook, opt)`` returns the
            noise array; :func:`exponential_decay_noise` by default.

    Attributes:
        rng (numpy.random.RandomState): the random state of the noise of CPU arrays,
            seeded from numpy's global one at construction (so ``numpy.random.seed``
            still makes runs reproducible) and saved with the optimizer, so that a
            resumed training draws the same noise as an uninterrupted one. GPU arrays
            draw from CuPy's global random state, which is not saved.
    """

    name = 'GradientNoise'

    def __init__(self, eta, noise_func=exponential_decay_noise):
        self.eta = _check_number(eta, 'eta')
        if not callable(noise_func):
            raise TypeError('noise_func must be callable, got {!r}'.format(noise_func))
        self.noise_func = noise_func
        self.rng = numpy.random.RandomState(numpy.random.randint(2 ** 31 - 1))

    def serialize(self, serializer):
        """Saves or loads the random state (a file without it, written before the hook
        kept one, leaves the current state)."""
        state = random_state.serialize(serializer, self.rng.get_state())
        if state is not None and not serializer_module._is_validating(serializer):
            self.rng.set_state(state)

    def __call__(self, opt):
        """Adds ``noise_func(xp, g.shape, g.dtype, self, opt)`` to each gradient ``g``
        of ``opt.target``.

        Args:
            opt (Optimizer): the optimizer calling the hook before its update.
        """
        for param in _params_with_grad(opt):
            g = param.grad
            xp = cuda.get_array_module(g)
            with cuda.get_device(g):
                g += self.noise_func(xp, g.shape, g.dtype, self, opt)
