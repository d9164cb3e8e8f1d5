"""Annealed Gaussian gradient noise."""
import math

import numpy

from chainer import cuda
from chainer import serializer as serializer_module
from chainer.optimizer_hooks import _common
from chainer.utils import _random_state as random_state


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
        opt: the optimizer or update rule (its ``t`` is used).

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
            noise array (``opt`` is the update rule when the hook is called per
            parameter); :func:`exponential_decay_noise` by default.

    Attributes:
        rng (numpy.random.RandomState): the random state of the noise of CPU arrays,
            seeded from numpy's global one at construction (so ``numpy.random.seed``
            still makes runs reproducible) and saved with the optimizer, so that a
            resumed training draws the same noise as an uninterrupted one. GPU arrays
            draw from CuPy's global random state, which is not saved.
    """

    name = 'GradientNoise'
    timing = 'pre'
    call_for_each_param = False
    # whom noise_func is told about: each parameter's update rule (v2+), or the
    # optimizer (v1's chainer.optimizer.GradientNoise)
    _tells_optimizer = False

    def __init__(self, eta, noise_func=exponential_decay_noise):
        self.eta = _common.check_number(eta, 'eta')
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

    def __call__(self, opt_or_rule, param=None):
        """Adds ``noise_func(xp, g.shape, g.dtype, self, rule)`` to each gradient
        ``g`` (of every parameter of the optimizer, or of ``param``); ``rule`` is the
        parameter's update rule (v2+; the optimizer where a parameter has none)."""
        for p in _common.targets(opt_or_rule, param):
            g = p.grad
            xp = cuda.get_array_module(g)
            told = opt_or_rule
            if param is None and not self._tells_optimizer:
                told = getattr(p, 'update_rule', None) or opt_or_rule
            with cuda.get_device(g):
                g += self.noise_func(xp, g.shape, g.dtype, self, told)
