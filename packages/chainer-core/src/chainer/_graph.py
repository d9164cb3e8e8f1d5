"""What the two kinds of graph node share: the v1 :class:`chainer.Function` (arrays in
both directions) and :class:`chainer.FunctionNode` (a differentiable backward).

Both record ``rank`` (their place in the topological order), run the function hooks,
check their input types and outputs, and tick the BLAS thread policy: here, once.
"""
import collections
import threading
import time
import traceback

import numpy

from chainer import cuda
from chainer import flag
from chainer import thread_policy
from chainer.configuration import config
from chainer.utils import type_check


class _HookRegistry(threading.local):
    """Thread-local holder of the function hooks registered by ``with hook:``."""

    def __init__(self):
        self.function_hooks = collections.OrderedDict()


#: Thread-local object whose ``function_hooks`` holds the globally registered hooks.
thread_local = _HookRegistry()

_monotonic = time.monotonic


def tick():
    """Lets the BLAS thread policy look at the load, at most once per its interval.

    Called on every application of a function (either kind of node): the one place
    where the graph drives :mod:`chainer.thread_policy`.
    """
    if _monotonic() >= thread_policy.next_check:
        thread_policy.tick()


class _NodeKind(type):
    """Metaclass of the graph nodes: ``isinstance(f, chainer.Function)`` asks, as in
    v2+, whether ``f`` is an *old-style* function, one whose gradient cannot be
    differentiated again. A v1 :class:`chainer.Function` whose ``backward`` also works
    on Variables (``_differentiable_backward``) is new-style for that question: it is an
    instance of ``chainer.FunctionNode`` and not of ``chainer.Function`` (v7 code such as
    ChainerRL's TRPO refuses graphs holding old-style functions). Checks against any
    other class, subclasses of Function included, are the ordinary ones."""

    def __instancecheck__(cls, obj):
        plain = type.__instancecheck__(cls, obj)
        root = cls.__dict__.get('_kind_root')
        if root is None:
            return plain
        twice = bool(getattr(type(obj), '_differentiable_backward', False))
        if root == 'old':
            return plain and not twice
        return plain or (twice and type.__instancecheck__(GraphNode, obj))

    def __setattr__(cls, name, value):
        old = cls.__dict__.get(name)
        type.__setattr__(cls, name, value)
        if name == 'apply' and cls.__dict__.get('_kind_root') == 'new':
            # FunctionNode.apply replaced (or put back) by a tool: see _apply_patching
            from chainer import _apply_patching
            _apply_patching.apply_assigned(old, value)


class GraphNode(object, metaclass=_NodeKind):
    """The base of :class:`chainer.Function` and :class:`chainer.FunctionNode`."""

    rank = 0
    _local_function_hooks = None
    _stack = None

    @property
    def label(self):
        """Short text that represents the function (its class name by default)."""
        return self.__class__.__name__

    @property
    def _impl_name(self):
        # v2+: the implementation's name that profiling hooks record (class name)
        return self.__class__.__name__

    @property
    def stack(self):
        """Where the function was applied (a list of frame summaries), recorded in
        debug mode only; None otherwise."""
        return self._stack

    @stack.setter
    def stack(self, value):
        self._stack = value

    @property
    def local_function_hooks(self):
        """Ordered dict of the hooks registered to this function only."""
        if self._local_function_hooks is None:
            self._local_function_hooks = collections.OrderedDict()
        return self._local_function_hooks

    def add_hook(self, hook, name=None):
        """Registers a function hook to this function only.

        Args:
            hook (~chainer.FunctionHook): the hook.
            name (str): a unique name among this function's hooks (default: the
                hook's own name).
        """
        from chainer.function import FunctionHook
        if not isinstance(hook, FunctionHook):
            raise TypeError('hook must be a FunctionHook, got {}'.format(type(hook)))
        if name is None:
            name = hook.name
        if name in self.local_function_hooks:
            raise KeyError('hook {} already exists'.format(name))
        self.local_function_hooks[name] = hook
        hook.added(self)

    def delete_hook(self, name):
        """Unregisters the function hook called ``name``."""
        hook = self.local_function_hooks[name]
        hook.deleted(self)
        del self.local_function_hooks[name]

    def _hooks(self):
        """The hooks that see this function: the thread's, then its own."""
        hooks = thread_local.function_hooks
        if self._local_function_hooks:
            hooks = collections.OrderedDict(hooks)
            hooks.update(self._local_function_hooks)
        return hooks

    def check_type_forward(self, in_types):
        """Checks the types of the inputs before forward (no check by default).

        Args:
            in_types (~chainer.utils.type_check.TypeInfoTuple): the input types; use
                :func:`chainer.utils.type_check.expect` on them.
        """
        pass

    def _check_data_type_forward(self, in_data):
        try:
            type_check.run_check(self.check_type_forward, in_data)
        except type_check.InvalidType as e:
            # named for this function even inside another's check context
            msg = type_check._function_message(
                self, type_check._expect_actual(e.expect, e.actual))
            raise type_check.InvalidType(e.expect, e.actual, msg=msg)


_ndarray = numpy.ndarray


def all_host(arrays):
    """Whether every array (None allowed) lives in host memory."""
    for a in arrays:
        if a.__class__ is not _ndarray and a is not None and \
                not isinstance(a, (numpy.ndarray, numpy.generic)):
            return False
    return True


def check_nan(func, arrays, direction):
    """Raises RuntimeError when a float array holds a NaN (debug mode)."""
    for a in arrays:
        if a is None:
            continue
        if isinstance(a, Variable):
            a = a.data
        xp = cuda.get_array_module(a)
        if a.dtype.kind == 'f' and bool(xp.isnan(a).any()):
            raise RuntimeError('NaN is detected on {} computation of {}'.format(
                direction, func.label))


def check_forward_outputs(func, outputs):
    """Raises TypeError unless ``outputs`` is a tuple of arrays (None allowed among
    them, as in v7: such an output is a Variable whose data is None)."""
    if type(outputs) is not tuple:
        raise TypeError('{}.forward output must be a tuple of ndarrays, got {}'
                        .format(func.label, type(outputs).__name__))
    for y in outputs:
        if not (isinstance(y, numpy.ndarray) or y is None or
                hasattr(y, '__cuda_array_interface__')):
            raise TypeError('{}.forward output must be a tuple of ndarrays, got an '
                            'element of type {}'.format(func.label, type(y).__name__))


def aggregate_volatile(flags):
    """The volatile flag of the outputs of a function whose input Variables have
    ``flags`` (v1): ON when one is ON, OFF when one is OFF, else AUTO. ON and OFF
    together are an error where a graph would be built; with backprop disabled
    (evaluation) nothing is recorded, and they give ON."""
    try:
        return flag.aggregate_flags(flags)
    except ValueError:
        if config.enable_backprop:
            raise  # v1: a volatile and a non-volatile variable in one graph is a bug
        # nothing to protect: v2+ code makes its own (non-volatile) variables while
        # the v1 Evaluator's inputs are volatile
        return flag.ON


def as_variable(x):
    """``x`` itself for a Variable; an array becomes a Variable requiring no gradient."""
    if isinstance(x, Variable):
        return x
    return Variable(x, requires_grad=False)


def gradients_per_target(func, target_input_indexes, gxs):
    """The gradients a FunctionNode's backward returned, one per target index.

    A backward may return one gradient per input or one per target; anything else is
    an error naming the node.
    """
    if type(gxs) is not tuple:
        if isinstance(gxs, list):
            gxs = tuple(gxs)
        else:
            raise BadGradientError(
                'type of gradients returned from backward is incorrect: {}.backward '
                'must return a tuple, got {}'.format(func.label, type(gxs).__name__))
    n_inputs = len(func._inputs)
    if len(gxs) == n_inputs and len(target_input_indexes) != n_inputs:
        return tuple([gxs[i] for i in target_input_indexes])
    if len(gxs) != len(target_input_indexes):
        raise ValueError(
            'number of gradients returned from backward is incorrect: {}.backward '
            'returned {} gradients, expected one per input ({}) or one per target '
            'index ({})'.format(func.label, len(gxs), n_inputs,
                                len(target_input_indexes)))
    return gxs


class BadGradientError(TypeError, ValueError):
    """A backward returned a gradient of the wrong kind, dtype or shape: a TypeError
    (as v1 raised for a type or dtype) and a ValueError (as v2+ raises for a
    FunctionNode's gradients)."""



def node_inputs(func):
    """The input Variables of a node of either kind (None before it is applied)."""
    return getattr(func, 'inputs', None) if func._is_v1 else func._inputs


def node_outputs(func):
    """Weak references to the output Variables of a node of either kind."""
    return getattr(func, 'outputs', None) if func._is_v1 else func._outputs


def note_loss_scale(x, loss_scale):
    """Tells a leaf (a Parameter: its update rule divides by it) that its gradient was
    scaled by ``loss_scale``."""
    if hasattr(x, '__dict__'):
        x._loss_scale = loss_scale


def stack_text(func):
    """Where ``func`` was applied (recorded in debug mode), as a message paragraph."""
    return 'Stacktrace of the function is below:\n' + ''.join(
        traceback.format_list(func.stack))


def add_stack_to_error(error, func):
    """Appends where ``func`` was applied to the message of ``error``, raised by its
    backward in debug mode, so that the user sees which call of theirs failed."""
    args = error.args
    if args and isinstance(args[0], str) and 'Stacktrace of the function' not in args[0]:
        error.args = (args[0] + '\n' + stack_text(func),) + args[1:]


# Set by chainer.variable, which imports this module.
Variable = ArrayInput = NAN_GRAD = check_grad_type = None
