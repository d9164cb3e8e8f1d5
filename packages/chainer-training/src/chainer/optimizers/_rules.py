"""The v2+ per-parameter update rules of the optimizers (``AdamRule``, ...).

Each rule runs the very update of its optimizer class: the optimizer's array code
(``init_arrays``/``update_arrays``) is called on a *view* of the rule, an object of a
subclass of the optimizer class whose attributes read the rule's hyperparameters
(``rule.hyperparam.lr``) and whose ``t`` is the rule's own step count. So a v1-style
``MomentumSGD`` and a ``MomentumSGDRule`` share one implementation of each formula,
and a rule set on a parameter by v2+ code (``param.update_rule = AdamRule(...)``)
updates it exactly as the optimizer would.
"""
import inspect

import numpy

from chainer import cuda
from chainer.optimizers import _array_rule
from chainer import update_rule


class _RuleView(object):
    """Mixin put before an optimizer class: attributes come from the rule."""

    def __init__(self, rule):
        self.__dict__['_rule'] = rule

    @property
    def t(self):
        """The rule's step count."""
        return self.__dict__['_rule'].t

    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError(name)
        rule = self.__dict__['_rule']
        if name in rule.__dict__:  # e.g. AdamRule.initial_alpha
            return rule.__dict__[name]
        return getattr(rule.hyperparam, name)


def _defaults(optimizer_class):
    """A root Hyperparameter holding the defaults of the optimizer's constructor."""
    hp = update_rule.Hyperparameter()
    for name, arg in inspect.signature(optimizer_class.__init__).parameters.items():
        if name != 'self' and arg.default is not inspect.Parameter.empty:
            setattr(hp, name, arg.default)
    return hp


class ArrayUpdateRule(update_rule.UpdateRule):
    """Base of the rules that run the array code of an optimizer class.

    A subclass names the class in :attr:`optimizer_class`; the keyword arguments of
    the constructor are its hyperparameters (those of the optimizer's constructor),
    None leaving the parent's (or the default) value.

    Args:
        parent_hyperparam (~chainer.Hyperparameter): where the values this rule does
            not set are read; None for the optimizer's defaults.
        **hyperparams: hyperparameter values of this rule.
    """

    #: The optimizer class whose ``init_arrays``/``update_arrays`` this rule runs.
    optimizer_class = None
    #: The update is element by element (as every rule here).
    is_elementwise = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        opt = cls.__dict__.get('optimizer_class')
        if opt is not None:
            cls._view_class = type('_{}View'.format(opt.__name__), (_RuleView, opt), {})
            cls._default_hyperparam = _defaults(opt)

    def __init__(self, parent_hyperparam=None, **hyperparams):
        super(ArrayUpdateRule, self).__init__(
            parent_hyperparam or self._default_hyperparam)
        for name, value in hyperparams.items():
            if not hasattr(self._default_hyperparam, name):
                raise TypeError('{}() got an unexpected hyperparameter {!r}'.format(
                    type(self).__name__, name))
            if value is not None:
                setattr(self.hyperparam, name, value)

    def _view(self):
        view = self.__dict__.get('_array_view')
        if view is None:
            view = self.__dict__['_array_view'] = self._view_class(self)
        return view

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop('_array_view', None)  # rebuilt on demand
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)

    def init_state(self, param):
        """Creates the state arrays of ``param`` (named as in Chainer v7)."""
        data = param.data
        self._view().init_arrays(cuda.get_array_module(data), data, self.state)

    def update_core_cpu(self, param):
        """Updates a host parameter (nothing without a gradient)."""
        if param.grad is None:
            return
        self._view().update_arrays(numpy, param.data, param.grad, self.state)
        _array_rule.flush_subnormal_states(self.state, self.t)

    def update_core_gpu(self, param):
        """Updates a GPU parameter (nothing without a gradient)."""
        if param.grad is None:
            return
        self._view().update_arrays(cuda.get_array_module(param.data), param.data,
                                   param.grad, self.state)


def rule_class(optimizer_class, states):
    """Returns the v2+ rule class ``<Optimizer>Rule`` of ``optimizer_class``.

    Args:
        optimizer_class: an optimizer with ``init_arrays``/``update_arrays``.
        states (str): the names of its state entries, separated by spaces (for the
            docstring; the optimizer's ``init_arrays`` makes them).

    Returns:
        a subclass of :class:`ArrayUpdateRule`, defined in the optimizer's module.
    """
    name = optimizer_class.__name__ + 'Rule'
    hyperparams = ', '.join(
        k for k in inspect.signature(optimizer_class.__init__).parameters if k != 'self')
    doc = '''The update rule of :class:`{opt}` for one parameter (v2+ API).

    Args:
        parent_hyperparam (~chainer.Hyperparameter): where unset values are read
            (None: :class:`{opt}`'s defaults).
        {hps}: this rule's own hyperparameter values (None: the parent's).

    State entries (as in Chainer v7): {states}.
    '''.format(opt=optimizer_class.__name__, hps=hyperparams,
               states=', '.join('``{}``'.format(s) for s in states.split()) or 'none')
    return type(name, (ArrayUpdateRule,), {
        '__doc__': doc, '__module__': optimizer_class.__module__, '__qualname__': name,
        'optimizer_class': optimizer_class})
