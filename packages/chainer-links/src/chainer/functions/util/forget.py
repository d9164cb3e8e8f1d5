"""Recomputation instead of storage: ``F.forget``."""
import chainer
from chainer import cuda
from chainer import flag
from chainer import function
from chainer import variable


class _Identity(function.Function):
    """Passes several variables through, so one backward reads all their gradients."""

    def forward(self, inputs):
        return inputs

    def backward(self, inputs, grad_outputs):
        return grad_outputs


def _ordinal(n):
    """``'1st'``, ``'2nd'``, ``'3rd'``, ``'4th'``, ..., ``'11th'``, ``'21st'``."""
    suffix = 'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')
    return '{}{}'.format(n, suffix)


def _call(func, xs):
    """Calls ``func(*xs)`` and returns its outputs as a tuple of variables.

    A result that is not a Variable or a tuple of them is a RuntimeError naming the
    first bad element, as in Chainer v1.
    """
    outs = func(*xs)
    if isinstance(outs, variable.Variable):
        return (outs,)
    if not isinstance(outs, tuple):
        raise RuntimeError('func given to forget must return a Variable or a tuple of '
                           'Variables, but returned {}'.format(type(outs)))
    for i, y in enumerate(outs):
        if not isinstance(y, variable.Variable):
            raise RuntimeError('the {} element of the tuple returned by func is not a '
                               'Variable but {}'.format(_ordinal(i + 1), type(y)))
    return outs


class Forget(function.Function):
    """Runs ``func`` without keeping its graph; backward runs it again (see
    :func:`forget`)."""

    def __init__(self, func):
        if not callable(func):
            raise TypeError('func must be callable, got {!r}'.format(type(func).__name__))
        self.func = func

    def forward(self, inputs):
        # Volatile inputs: the inner functions build no graph, so none of their
        # intermediate arrays outlive this call.
        # chainer.config._will_recompute tells links that keep statistics
        # (BatchRenormalization) to save what the recomputation will need (v7).
        xs = [variable.Variable(x, volatile=flag.ON) for x in inputs]
        with chainer.no_backprop_mode(), chainer.using_config('_will_recompute', True):
            return tuple(y.data for y in _call(self.func, xs))

    # Called with Variables in a double backprop: the recomputation then keeps its
    # graph, and the gradients are differentiable functions of the inputs.
    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        """Input gradients: ``func`` is called again and backpropagated; on arrays
        (the graph of the recomputation is dropped after use), or, in a double
        backprop, on the input Variables with a graph that stays differentiable."""
        # The recomputation builds its graph even where the caller's backprop runs
        # without one (chainer.grad without enable_double_backprop).
        if any(isinstance(g, variable.Variable) for g in grad_outputs):
            with chainer.using_config('in_recomputing', True), \
                    chainer.force_backprop_mode():
                outs = _call(self.func, list(inputs))
            return tuple(chainer.grad(list(outs), list(inputs), list(grad_outputs),
                                      enable_double_backprop=True))
        xs = [variable.Variable(x) for x in inputs]
        # chainer.config.in_recomputing tells links (BatchNormalization, spectral
        # normalization) that this second call must not update their statistics (v7).
        with chainer.using_config('in_recomputing', True), chainer.force_backprop_mode():
            outs = _call(self.func, xs)  # the graph is built now, used once, dropped
        gathered = _Identity()(*outs)
        if isinstance(gathered, variable.Variable):
            gathered = (gathered,)
        for y, gy in zip(gathered, grad_outputs):
            if gy is None:  # an output the caller did not use: zero gradient
                xp = cuda.get_array_module(y.data)
                gy = xp.zeros_like(y.data)
            y.grad = gy
        gathered[0].backward()
        return tuple(x.grad for x in xs)


def forget(func, *xs):
    """Calls a function without storing its internal results.

    In the forward pass ``func`` runs on the inputs without building a computational
    graph, so no intermediate result is kept: the output's creator is a single node
    whose inputs are ``xs``. In the backward pass ``func`` is called again, with a
    graph, to backpropagate; the memory of the intermediates is traded for a second
    forward computation. ``func`` must be deterministic (not e.g. :func:`dropout`):
    the recomputation must give the results of the first call.

    Args:
        func (callable): Takes the variables ``xs`` and returns a
            :class:`~chainer.Variable` or a tuple of them; anything else raises
            RuntimeError, as in Chainer v1.
        xs (~chainer.Variable or arrays): The arguments of ``func`` (possibly none).

    Returns:
        ~chainer.Variable or tuple: What ``func`` returns (one variable, or a tuple
        of variables when ``func`` returns several).

    During the recomputation ``chainer.config.in_recomputing`` is True, so that
    links can skip side effects such as updating running statistics (v7).
    It is differentiable twice (Chainer v7 raised RuntimeError there): in a
    backward with ``enable_double_backprop=True`` the recomputation keeps its
    graph, so the gradient can be differentiated again.

    Example::

        >>> def f(a, b):
        ...     return a + b + a
        >>> z = F.forget(f, x, y)  # x + y is not kept
    """
    return Forget(func)(*xs)
