"""Function: the v1 node of the computational graph, forward and backward on arrays.

A :class:`Function` is applied to variables once; its application records the inputs
and (weakly) the outputs, so that :meth:`chainer.Variable.backward` can walk the graph.
Its array-level ``backward`` is the fast path of backprop. It shares the graph with
:class:`chainer.FunctionNode` (whose backward is made of differentiable functions);
what the two share is in :mod:`chainer._graph`, the engine in :mod:`chainer._backprop`.
"""
import traceback
import weakref

import numpy

from chainer import _deferred_grad
from chainer import _graph
from chainer import _type_check_memo
from chainer import cuda
from chainer import flag
from chainer.configuration import config, deviations as _dev, using_config
from chainer.utils import type_check
from chainer._deferred_grad import (DEFERRABLE, HOST_LEAF, DeferredGrad,  # noqa: F401
                                    is_host_leaf)  # (for function authors)
from chainer._product_grad import ProductGrad  # noqa: F401 (for function authors)
from chainer._rows_grad import RowsGrad  # noqa: F401 (for function authors)

#: Thread-local object whose ``function_hooks`` holds the globally registered hooks.
thread_local = _graph.thread_local

_weakref = weakref.ref
_OFF = flag.OFF
_AUTO = flag.AUTO
_monotonic = _graph._monotonic
_tick = _graph.tick
_policy = _graph.thread_policy

def no_backprop_mode():
    """Context in which functions build no computational graph (per thread).

    The same as ``chainer.using_config('enable_backprop', False)``. Results computed
    inside have no creator, which saves the memory of the graph in evaluation.
    Variables of volatile flag ON never build a graph anyway.
    """
    return using_config('enable_backprop', False)


def force_backprop_mode():
    """Context in which functions build the computational graph again, also inside
    :func:`no_backprop_mode` (``chainer.using_config('enable_backprop', True)``)."""
    return using_config('enable_backprop', True)


def records_graph(volatile):
    """Whether a function applied now to inputs whose volatile flags aggregate to
    ``volatile`` records the graph (the outputs get it as their creator): not for a
    volatile input (v1) nor under ``enable_backprop=False`` (v2+).

    Args:
        volatile: :data:`~chainer.flag.ON`, ``OFF`` or ``AUTO`` (an array input's flag).
    """
    return (volatile is _OFF or volatile is _AUTO) and (
        not _dev.enable_backprop or config.enable_backprop)


def get_function_hooks():
    """Returns the ordered dict of function hooks registered in this thread."""
    return thread_local.function_hooks


class Function(_graph.GraphNode):
    """Function on variables with backpropagation ability.

    Subclasses implement ``forward``/``backward`` (or their ``_cpu``/``_gpu``
    variants) on arrays, and optionally ``check_type_forward``. ``backward`` returns
    None for inputs that are not differentiable. An instance is applied once; use
    ``copy.copy`` to apply the same configured function again.

    Attributes:
        inputs: tuple of input variables (set when the graph is built).
        outputs: tuple of weak references to the output variables.
        rank (int): topological rank: the largest rank among the inputs.
        type_check_enable (bool): whether inputs are type-checked.
    """

    type_check_enable = type_check.is_enabled()
    _host = None  # whether the inputs were host arrays at the last application
    # (``inputs`` and ``outputs`` exist once the graph is built, as in v1)
    _is_v1 = True
    _kind_root = 'old'  # isinstance(f, Function): see _graph._NodeKind
    #: Whether ``backward`` is written with operations that work on Variables as well
    #: as on arrays, so that a double backprop can call it with Variables.
    _differentiable_backward = False

    def __call__(self, *inputs):
        """Applies forward propagation and chains the backward references.

        Args:
            inputs: input :class:`~chainer.Variable` objects, or arrays (wrapped into
                variables with the AUTO volatile flag). Their volatile flags must agree.

        Returns:
            One :class:`~chainer.Variable`, or a tuple of them for several outputs.
        """
        if _monotonic() >= _policy.next_check:
            _tick()  # the BLAS thread policy, at most once per its interval
        all_arrays = False
        for x in inputs:
            if not isinstance(x, Variable):
                inputs = tuple([x if isinstance(x, Variable)
                                else _ArrayInput(x, volatile=flag.AUTO) for x in inputs])
                # arrays alone: the outputs require no gradient (v2+)
                all_arrays = not any([x.__class__ is not _ArrayInput for x in inputs])
                break
        # Most functions are unary: their tuples are built without a list (a tenth
        # of a tiny operation's time, with the other one-input shortcuts below).
        unary = len(inputs) == 1
        in_data = (inputs[0].data,) if unary else tuple([x.data for x in inputs])
        if self.type_check_enable:
            self._check_types_once(in_data)

        hooks = thread_local.function_hooks
        if self._local_function_hooks:
            hooks = self._hooks()
        if hooks:
            for hook in hooks.values():
                hook.forward_preprocess(self, in_data)

        # Remembered for backward, which then needs no second look at the arrays.
        self._host = host = _all_host(in_data)
        if host:
            outputs = self.forward(in_data)
        else:
            with cuda.get_device(*in_data):
                outputs = self.forward(in_data)
        if type(outputs) is not tuple:
            _graph.check_forward_outputs(self, outputs)
        if self._output_indexes_to_retain is not None:
            self._keep_output_data(outputs)

        if hooks:
            for hook in hooks.values():
                hook.forward_postprocess(self, in_data)
        if _dev.debug and config.debug:
            _check_nan(self, outputs, 'forward')
            # where the function was applied, for the message of a bad gradient
            self._stack = traceback.extract_stack()[:-1]

        if unary:
            out_v = inputs[0]._volatile
        else:
            out_v = _aggregate_flags(inputs)
        single = len(outputs) == 1
        ret = (Variable(outputs[0], out_v),) if single else \
            tuple([Variable(y, out_v) for y in outputs])
        if records_graph(out_v):
            if all_arrays:
                for y in ret:
                    y._requires_grad = False
            if unary:
                rank = inputs[0].rank
            else:
                rank = max([x.rank for x in inputs]) if inputs else 0
            self.rank = rank
            rank += 1
            for y in ret:
                y.creator = self
                y.rank = rank
            self.inputs = inputs
            if single:
                self.outputs = (_weakref(ret[0]),)
            else:
                self.outputs = tuple([_weakref(y) for y in ret])
                # the shapes of outputs nobody may keep, for the zero gradients of a
                # double backprop
                self._output_info = tuple([None if y is None else (y.shape, y.dtype)
                                           for y in outputs])
        return ret[0] if single else ret

    def apply(self, inputs):
        """Applies the function like :meth:`chainer.FunctionNode.apply`: ``inputs`` is
        a tuple, the result always a tuple of Variables (for code written for functions
        that are FunctionNodes in v3+)."""
        outputs = self(*inputs)
        return outputs if isinstance(outputs, tuple) else (outputs,)

    #: Runs the type check of the inputs unless this class's check passed for their
    #: types before (see :mod:`chainer._type_check_memo`).
    _check_types_once = _type_check_memo.check_types_once

    def forward(self, inputs):
        """Applies forward propagation to arrays; dispatches to ``forward_cpu/gpu``."""
        if _all_host(inputs):
            return self.forward_cpu(inputs)
        return self.forward_gpu(inputs)

    def forward_cpu(self, inputs):
        """Applies forward propagation to numpy arrays (subclasses override)."""
        raise TypeError('{} defines neither forward nor forward_cpu'.format(self.label))

    def forward_gpu(self, inputs):
        """Applies forward propagation to GPU arrays (subclasses override)."""
        raise TypeError('{} has no GPU implementation (forward_gpu)'.format(self.label))

    def backward(self, inputs, grad_outputs):
        """Returns the tuple of input gradients; dispatches to ``backward_cpu/gpu``."""
        if _all_host(inputs) and _all_host(grad_outputs):
            return self.backward_cpu(inputs, grad_outputs)
        return self.backward_gpu(inputs, grad_outputs)

    def backward_cpu(self, inputs, grad_outputs):
        """Backprop on numpy arrays; the default makes the function non-differentiable."""
        return tuple(None for _ in inputs)

    def backward_gpu(self, inputs, grad_outputs):
        """Backprop on GPU arrays; the default makes the function non-differentiable."""
        return tuple(None for _ in inputs)

    def _input_grads_needed(self, inputs):
        """Which gradients of ``inputs`` a caller can read: a tuple of bools, one per input.

        For function authors whose backward can skip costly work (``backward(inputs,
        grad_outputs)`` calls it with its ``inputs``; built-in linear, convolutions,
        bilinear and matrix products do). An input's gradient is not needed when it is
        an array the caller passed directly (wrapped by :meth:`__call__` into a Variable
        that only the graph holds, whose gradient :meth:`Variable.backward` drops) or not
        of a float dtype (no gradient is defined; v1's functions return None for it).
        Every other gradient is needed: those of Variables the caller passed, even
        temporary ones, keep v1's semantics. Called outside the graph (no ``inputs``
        recorded) or with arrays other than the graph's (a subclass or wrapper passing
        its own operands), every gradient is needed. A backward that never asks still
        works: it computes every gradient, and those nobody can read are dropped.

        Returning None for an input whose gradient is not needed is always allowed.

        During the array engine's backward pass, the gradient of a plain leaf
        :class:`~chainer.Variable` on the host (one the caller made, such as the data
        wrapped as ``chainer.Variable(x)``) that holds no gradient yet is answered
        ``DEFERRABLE`` (true, like "needed"): the backward may return a
        :class:`chainer._deferred_grad.DeferredGrad` for it instead of the array, which
        ``Variable.grad`` computes on first read (never, for most training steps). Any
        host leaf (a parameter too) is answered ``HOST_LEAF`` or ``DEFERRABLE``
        (:func:`is_host_leaf` tells both): its gradient may be returned as a
        :class:`chainer._rows_grad.RowsGrad`, zero but for some rows, which the engine
        adds into the leaf's gradient in place, or as a
        :class:`chainer._product_grad.ProductGrad` ``a^T b``, which the engine sums with
        the leaf's other such gradients as one product.
        """
        graph_inputs = getattr(self, 'inputs', None)
        if graph_inputs is None or len(graph_inputs) != len(inputs):
            return (True,) * len(inputs)
        defer = _deferred_grad._state.allowed and not self._local_function_hooks
        return tuple([_need(x, a, defer) for x, a in zip(graph_inputs, inputs)])

    _input_indexes_to_retain = None
    _output_indexes_to_retain = None

    def retain_inputs(self, indexes):
        """Passes only the inputs at ``indexes`` to :meth:`backward` (the others as
        None); call it in forward (v2+). By default every input is passed."""
        self._input_indexes_to_retain = tuple(indexes)

    def retain_outputs(self, indexes, retain_after_backward=False):
        """Keeps the outputs at ``indexes`` as :attr:`output_data` for
        :meth:`backward`; call it in forward (v2+)."""
        self._output_indexes_to_retain = tuple(indexes)

    def _keep_output_data(self, outputs):
        kept = self._output_indexes_to_retain
        self.output_data = tuple([y if i in kept else None
                                  for i, y in enumerate(outputs)])

    @property
    def node(self):
        """The :class:`FunctionAdapter`: this function seen as a FunctionNode (v2+),
        the same object for the life of the function."""
        adapter = self.__dict__.get('_adapter')
        if adapter is None:
            from chainer.function_adapter import FunctionAdapter
            adapter = self.__dict__['_adapter'] = FunctionAdapter(self)
        return adapter

    def unchain(self):
        """Purges the in/out variables and this function itself from the graph."""
        for y in getattr(self, 'outputs', None) or ():
            y_ref = y()
            if y_ref is not None:
                y_ref.creator = None
        self.inputs = None


def _aggregate_flags(inputs):
    return _graph.aggregate_volatile([x._volatile for x in inputs])


_all_host = _graph.all_host
_check_nan = _graph.check_nan


class FunctionHook(object):
    """Base class of hooks run before and after each function's forward and backward.

    Used as a context manager it is registered to every function applied inside the
    ``with`` block (per thread); :meth:`Function.add_hook` registers it to a single
    function. Subclasses override the four ``*_preprocess``/``*_postprocess`` methods.
    """

    name = 'FunctionHook'

    def __enter__(self):
        hooks = thread_local.function_hooks
        if self.name in hooks:
            raise KeyError('hook {} already exists'.format(self.name))
        hooks[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *_):
        self.deleted(None)
        del thread_local.function_hooks[self.name]

    def added(self, function):
        """Called when the hook is registered (v3+): ``function`` is the function of
        :meth:`Function.add_hook`, or None when a ``with`` block starts."""
        pass

    def deleted(self, function):
        """Called when the hook is unregistered (v3+): ``function`` is the function of
        :meth:`Function.delete_hook`, or None when a ``with`` block ends."""
        pass

    def __call__(self, function, in_data, out_grad=None):
        """Dispatches to the preprocess callbacks (``out_grad`` given: backward)."""
        if out_grad is None:
            self.forward_preprocess(function, in_data)
        else:
            self.backward_preprocess(function, in_data, out_grad)

    def forward_preprocess(self, function, in_data):
        """Called before the forward of ``function``."""
        pass

    def forward_postprocess(self, function, in_data):
        """Called after the forward of ``function``."""
        pass

    def backward_preprocess(self, function, in_data, out_grad):
        """Called before the backward of ``function``."""
        pass

    def backward_postprocess(self, function, in_data, out_grad):
        """Called after the backward of ``function``."""
        pass


# variable.py imports this module
def _need(x, a, defer):
    # one answer of Function._input_grads_needed (x: the graph's input, a: the array)
    if x.data is not a:
        return True
    if x.__class__ is _ArrayInput or a.dtype.kind != 'f':
        return False
    if defer and x.creator is None and x._requires_grad and a.__class__ is numpy.ndarray:
        if x.__class__ is Variable:
            # a gradient it holds already would be added at once: nothing to defer
            return DEFERRABLE if x._grad is None else HOST_LEAF
        # a parameter's first gradient of the pass is best computed at once (the
        # engine would do that with rows or a product too)
        return True if x._grad is None else HOST_LEAF
    return True


from chainer.variable import Variable, _ArrayInput  # noqa: E402
from chainer.function_adapter import FunctionAdapter  # noqa: E402,F401
