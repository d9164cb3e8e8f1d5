"""Adam and its variants (AMSGrad, AdaBound, AMSBound, AdamW-style decay)."""
import math

from chainer.optimizers._array_rule import (ArrayRuleOptimizer, adaptive_step,
                                            check_hyperparameter, moving_average, scalar)
from chainer.optimizers._rules import ArrayUpdateRule


class Adam(ArrayRuleOptimizer):
    """Adam optimization algorithm (Kingma and Ba, arXiv:1412.6980v8).

    With the first and second moment estimates :math:`m`, :math:`v` (states ``m``,
    ``v``, initially zero) and the step count :math:`t` (counted from 1):

    .. math::
        m &\\leftarrow \\beta_1 m + (1 - \\beta_1) g \\\\
        v &\\leftarrow \\beta_2 v + (1 - \\beta_2) g^2 \\\\
        w &\\leftarrow (1 - \\eta \\lambda) w
            - \\eta\\, \\mathrm{lr}\\, \\frac{m}{\\sqrt{\\hat v} + \\epsilon},
        \\qquad \\mathrm{lr} = \\alpha \\frac{\\sqrt{1 - \\beta_2^t}}{1 - \\beta_1^t}

    where :math:`\\hat v = v`, or with ``amsgrad`` the running maximum of :math:`v`
    (state ``vhat``). With ``adabound`` the per-element step
    :math:`\\mathrm{lr} / (\\sqrt{\\hat v} + \\epsilon)` is clipped into
    :attr:`bounds`, which converge to ``final_lr`` (scaled as ``alpha`` changes).

    Args:
        alpha (float): step size :math:`\\alpha`.
        beta1 (float): decay rate :math:`\\beta_1` of the first moment, in [0, 1).
        beta2 (float): decay rate :math:`\\beta_2` of the second moment, in [0, 1).
        eps (float): small value :math:`\\epsilon` for numerical stability.
        eta (float): schedule multiplier :math:`\\eta` (e.g. for warm restarts).
        weight_decay_rate (float): decoupled weight decay :math:`\\lambda` (AdamW).
        amsgrad (bool): use the running maximum of :math:`v` (AMSGrad).
        adabound (bool): clip the step into :attr:`bounds` (AdaBound).
        final_lr (float): the learning rate the AdaBound bounds converge to.
        gamma (float): the convergence speed of the AdaBound bounds.
    """

    state_names = ('m', 'v')

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0,
                 weight_decay_rate=0, amsgrad=False, adabound=False, final_lr=0.1,
                 gamma=1e-3):
        self.alpha = check_hyperparameter(alpha, 'alpha')
        self.beta1 = check_hyperparameter(beta1, 'beta1', upper=1.0, upper_open=True)
        self.beta2 = check_hyperparameter(beta2, 'beta2', upper=1.0, upper_open=True)
        self.eps = check_hyperparameter(eps, 'eps')
        self.eta = check_hyperparameter(eta, 'eta')
        self.weight_decay_rate = check_hyperparameter(weight_decay_rate,
                                                      'weight_decay_rate')
        self.amsgrad = amsgrad  # kept as given (v7), used for its truth
        self.adabound = adabound
        self.final_lr = check_hyperparameter(final_lr, 'final_lr')
        self.gamma = check_hyperparameter(gamma, 'gamma')
        self.initial_alpha = self.alpha
        if self.amsgrad:
            self.state_names = ('m', 'v', 'vhat')

    @property
    def lr(self):
        """The bias-corrected step size of the current step ``t`` (needs ``t >= 1``)."""
        if self.t < 1:
            raise RuntimeError('Adam.lr is defined from the first update on (t >= 1), '
                               'got t={}'.format(self.t))
        fix1 = 1.0 - self.beta1 ** self.t
        fix2 = 1.0 - self.beta2 ** self.t
        return self.alpha * math.sqrt(fix2) / fix1

    alpha_t = lr

    @property
    def bounds(self):
        """The AdaBound ``(lower, upper)`` step bounds of the current step ``t``."""
        if self.t < 1:
            raise RuntimeError('the AdaBound bounds are defined from the first update '
                               'on (t >= 1)')
        final_lr = self.final_lr * self.alpha / self.initial_alpha
        lower = final_lr * (1.0 - 1.0 / (self.gamma * self.t + 1))
        upper = final_lr * (1.0 + 1.0 / (self.gamma * self.t))
        return lower, upper

    def init_arrays(self, xp, data, state):
        super(Adam, self).init_arrays(xp, data, state)
        if self.amsgrad and 'vhat' not in state:
            state['vhat'] = xp.zeros_like(data)

    def update_arrays(self, xp, data, grad, state):
        m, v = state['m'], state['v']
        moving_average(m, grad, self.beta1)
        moving_average(v, grad * grad, self.beta2)
        plain = not (self.amsgrad or self.adabound) and self.eta == 1.0 and \
            self.weight_decay_rate == 0
        if plain:  # v1's arithmetic, bit for bit
            adaptive_step(xp, data, self.lr, m, v, self.eps)
            return
        vhat = v
        if self.amsgrad:
            if 'vhat' not in state:
                state['vhat'] = xp.zeros_like(data)
            vhat = state['vhat']
            xp.maximum(vhat, v, out=vhat)
        step = scalar(self.lr, data) / (xp.sqrt(vhat) + scalar(self.eps, data))
        if self.adabound:
            lower, upper = self.bounds
            step = xp.clip(step, scalar(lower, data), scalar(upper, data))
        if self.weight_decay_rate != 0:
            data *= scalar(1.0 - self.eta * self.weight_decay_rate, data)
        step *= m
        step *= scalar(self.eta, data)
        data -= step


class AdaBound(Adam):
    """AdaBound (Luo et al., ICLR 2019): :class:`Adam` whose per-element step is
    clipped into bounds converging to ``final_lr``; the arguments are Adam's."""

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, final_lr=0.1, gamma=1e-3,
                 eps=1e-8, eta=1.0):
        super(AdaBound, self).__init__(
            alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
            amsgrad=False, adabound=True,
            final_lr=final_lr, gamma=gamma)


class AMSBound(Adam):
    """AMSBound (Luo et al., ICLR 2019): AdaBound on the running maximum of the
    second moment (AMSGrad); the arguments are :class:`Adam`'s."""

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, final_lr=0.1, gamma=1e-3,
                 eps=1e-8, eta=1.0):
        super(AMSBound, self).__init__(
            alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
            amsgrad=True, adabound=True,
            final_lr=final_lr, gamma=gamma)


class AdamW(Adam):
    """AdamW (Loshchilov and Hutter, "Decoupled Weight Decay Regularization"):
    :class:`Adam` with the weight decay ``weight_decay_rate`` applied to the
    parameter itself, outside the adaptive step; the arguments are Adam's."""

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0,
                 weight_decay_rate=0):
        super(AdamW, self).__init__(
            alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
            weight_decay_rate=weight_decay_rate)


class AMSGrad(Adam):
    """AMSGrad (Reddi, Kale and Kumar, ICLR 2018): :class:`Adam` dividing by the
    running maximum of the second moment; the arguments are Adam's."""

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0):
        super(AMSGrad, self).__init__(
            alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta, amsgrad=True)


class AdamRule(ArrayUpdateRule):
    """The update rule of :class:`Adam` (and its variants) for one parameter (v2+).

    Args:
        parent_hyperparam (~chainer.Hyperparameter): where unset values are read
            (None: :class:`Adam`'s defaults).
        hyperparams: this rule's own values of ``alpha``, ``beta1``, ``beta2``,
            ``eps``, ``eta``, ``weight_decay_rate``, ``amsgrad``, ``adabound``,
            ``final_lr`` and ``gamma`` (None: the parent's).

    The state entries are ``m``, ``v`` (and ``vhat`` with ``amsgrad``), as in
    Chainer v7; the bias correction uses this rule's own step count :attr:`t`.
    """

    optimizer_class = Adam

    def __init__(self, parent_hyperparam=None, **hyperparams):
        super(AdamRule, self).__init__(parent_hyperparam, **hyperparams)
        # the AdaBound bounds scale with alpha relative to its value at creation
        self.initial_alpha = self.hyperparam.alpha

    @property
    def lr(self):
        """The bias-corrected step size of the current step (needs ``t >= 1``)."""
        return self._view().lr

    alpha_t = lr

    @property
    def bounds(self):
        """The AdaBound ``(lower, upper)`` step bounds of the current step."""
        return self._view().bounds
