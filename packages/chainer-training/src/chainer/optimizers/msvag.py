"""M-SVAG: momentum with stochastic variance-adapted gradients."""
import contextlib

import numpy

from chainer.optimizers._array_rule import (ArrayRuleOptimizer, check_hyperparameter,
                                            scalar)
from chainer.optimizers._rules import rule_class


class MSVAG(ArrayRuleOptimizer):
    """M-SVAG (Balles and Hennig, "Dissecting Adam: The Sign, Magnitude and
    Variance of Stochastic Gradients", ICML 2018).

    With bias-corrected moving averages :math:`\\hat m`, :math:`\\hat v` of the
    gradient and its square (states ``m``, ``v``) and :math:`\\rho` the variance
    factor of the average after :math:`t` steps (at most 0.9999):

    .. math::
        s = \\frac{\\hat v - \\hat m^2}{1 - \\rho}, \\qquad
        f = \\mathrm{clip}\\left(\\frac{\\hat m^2}{\\hat m^2 + \\rho s}, 0, 1\\right)
        \\ (0 \\text{ where undefined}), \\qquad
        w \\leftarrow w - \\eta (\\mathrm{lr}\\, f \\hat m + \\lambda w)

    Args:
        lr (float): learning rate.
        beta (float): decay rate :math:`\\beta` of the moving averages, in [0, 1).
        eta (float): schedule multiplier :math:`\\eta`.
        weight_decay_rate (float): decoupled weight decay :math:`\\lambda`.
    """

    state_names = ('m', 'v')

    def __init__(self, lr=0.1, beta=0.9, eta=1.0, weight_decay_rate=0):
        self.lr = check_hyperparameter(lr, 'lr')
        self.beta = check_hyperparameter(beta, 'beta', upper=1.0, upper_open=True)
        self.eta = check_hyperparameter(eta, 'eta')
        self.weight_decay_rate = check_hyperparameter(weight_decay_rate,
                                                      'weight_decay_rate')

    def update_arrays(self, xp, data, grad, state):
        beta = self.beta
        power = beta ** self.t
        rho = ((1.0 - beta) ** 2 * (1.0 - power ** 2)) / \
            ((1.0 - power) ** 2 * (1.0 - beta ** 2))
        rho = min(rho, 0.9999)
        m, v = state['m'], state['v']
        m += scalar(1 - beta, m) * (grad - m)
        v += scalar(1 - beta, v) * (grad * grad - v)
        mt = m / scalar(1 - power, m)
        vt = v / scalar(1 - power, v)
        mt2 = mt * mt
        s = (vt - mt2) / scalar(1 - rho, vt)
        with _quiet(xp):
            factor = xp.clip(mt2 / (mt2 + scalar(rho, s) * s), 0, 1)
        factor = xp.where(xp.isnan(factor), factor.dtype.type(0), factor)
        step = scalar(self.lr, data) * mt * factor
        if self.weight_decay_rate != 0:
            step += scalar(self.weight_decay_rate, data) * data
        step *= scalar(self.eta, data)
        data -= step


def _quiet(xp):
    """Silences numpy's 0/0 warnings (their NaNs become a zero factor)."""
    if xp is numpy:
        return numpy.errstate(invalid='ignore', divide='ignore')
    return contextlib.nullcontext()


MSVAGRule = rule_class(MSVAG, 'm v')
