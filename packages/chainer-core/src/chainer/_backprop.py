"""The backprop engine: walks the graph from outputs to inputs in reverse topological
order and computes the gradients.

Two ways, one order. Without double backprop (the default, and v1's only way) the
gradients are arrays: a v1 :class:`~chainer.Function` gets arrays and returns arrays,
a :class:`~chainer.FunctionNode` gets its gradients wrapped in Variables that build no
graph. With ``enable_double_backprop`` (and in :func:`chainer.grad`) the gradients are
Variables computed by differentiable functions, so the result is a graph of its own.
A v1 Function whose backward cannot be differentiated gives gradients whose creator
refuses a second backward with an error naming it, instead of a wrong gradient.
"""
import heapq
import warnings

import numpy

from chainer import _deferred_grad
from chainer import _product_grad
from chainer import _rows_grad
from chainer import _graph
from chainer import cuda
from chainer import function_node
from chainer._backprop_graph import _backprop_graph, _target_indexes, grad  # noqa: F401,E501
from chainer.configuration import config, deviations as _dev, using_config
from chainer.utils import force_array

DeferredGrad = _deferred_grad.DeferredGrad
#: Sets an attribute past a subclass's __setattr__ (Parameter's, there for its data)
_set_attribute = object.__setattr__
RowsGrad = _rows_grad.RowsGrad
ProductGrad = _product_grad.ProductGrad


def backward(root, retain_grad=False, enable_double_backprop=False, loss_scale=None):
    """Runs backprop from ``root`` (see :meth:`chainer.Variable.backward`)."""
    if root.creator is None:
        return
    data = root.data
    if data.size == 1 and root._grad is None:
        if data.__class__ is numpy.ndarray and data.ndim == 0:
            # a host scalar loss, the common case (numpy.array: a fifth of the time of
            # numpy.ones_like's Python wrapper, and no device context)
            grad = numpy.array(1, dtype=data.dtype)
        else:
            if data.ndim:
                warnings.warn(
                    'backward() of a 1-element array of shape {} treats it as a scalar '
                    'loss; reduce the loss to a 0-d array (e.g. F.sum) or set its grad'
                    .format(data.shape), DeprecationWarning, stacklevel=3)
            with cuda.get_device(data):
                grad = cuda.get_array_module(data).ones_like(data)
        if loss_scale is not None:
            grad *= loss_scale
        root._grad = grad  # ones like the data: the setter's check holds
    elif root._grad is None:
        # v1 hands the backward of the output's creator None; some v1 Functions
        # cope, most crash on it: then say what is missing.
        try:
            _run(root, retain_grad, enable_double_backprop, loss_scale)
        except (TypeError, AttributeError, ValueError) as e:
            if type(e) in (TypeError, AttributeError, ValueError):
                raise type(e)(_missing_grad_message(root, e)) from e
            raise
        return
    _run(root, retain_grad, enable_double_backprop, loss_scale)


def _run(root, retain_grad, enable_double_backprop, loss_scale):
    if enable_double_backprop:
        gy = root.grad_var
        _give_to_leaves(_backprop_graph([root], [gy], None, retain_grad, True,
                                        loss_scale))
    else:
        _backward_arrays(root, retain_grad, loss_scale)


def _missing_grad_message(root, error):
    name = ' {!r}'.format(root.name) if getattr(root, 'name', None) else ''
    return ('backward() of the output{} of shape {} without a gradient: only a '
            'one-element output gets 1 as its gradient. Set its grad (an array of '
            'the shape {}, e.g. ones) or reduce it to a scalar loss (e.g. F.sum) '
            'before calling backward(). The backward failed without it: {}: {}'
            .format(name, root.data.shape, root.data.shape, type(error).__name__,
                    error))


def _give_to_leaves(pairs):
    """Accumulates each ``(leaf, gradient Variable)`` into the leaf's gradient; two
    leaves never share an array (a later backward adds into leaf gradients in place)."""
    given = set()
    for x, gx in pairs:
        if id(gx.data) in given:
            gx = gx + 0.0
        given.add(id(gx.data))
        _accumulate_into(x, gx)


def _accumulate_into(x, gx):
    """Adds the gradient Variable ``gx`` to what the variable ``x`` holds."""
    g = x._grad
    if g is None or g is _graph.NAN_GRAD:
        x.grad_var = gx
    else:
        x.grad_var = x.grad_var + gx


def _backward_arrays(root, retain_grad, loss_scale):
    # functions may defer the gradients of leaf Variables (computed on first read)
    # only where nothing could observe the difference: see chainer._deferred_grad
    is_debug = _dev.debug and config.debug
    may_defer = not (retain_grad or is_debug or _graph.thread_local.function_hooks)
    with _deferred_grad.allow(may_defer):
        _backward_pass(root, retain_grad, loss_scale, is_debug)


def _backward_pass(root, retain_grad, loss_scale, is_debug):
    creator = root.creator
    # (-rank, order of discovery, function): the heap pops the largest rank first
    candidates = [(-creator.rank, 0, creator)]
    seen_funcs = {creator}
    # id of a variable whose gradient was set in this pass -> whether that array may
    # be shared (another variable's gradient too) and so must not be added into in
    # place
    shared = {}
    given_to_leaves = set()
    thread_hooks = _graph.thread_local.function_hooks
    ArrayInput = _graph.ArrayInput
    pending = {}  # id of a leaf -> (leaf, its ProductGrads to take as one product)
    while candidates:
        func = heapq.heappop(candidates)[2]
        if func._is_v1:
            inputs = func.inputs
            out_refs = func.outputs
        else:
            inputs = func._inputs
            out_refs = func._outputs
        if len(out_refs) == 1:  # the common case, without lists
            y = out_refs[0]()
            outputs = y,
            out_grad = None if y is None else y._grad,
        else:
            outputs = [y() for y in out_refs]
            out_grad = tuple([None if y is None else y._grad for y in outputs])
        in_data = (inputs[0].data,) if len(inputs) == 1 else \
            tuple([x.data for x in inputs])
        if func._is_v1 and func._input_indexes_to_retain is not None:
            # v2+ retain_inputs: the others are gone, for backward and hooks alike
            in_data = _retained_only(in_data, func._input_indexes_to_retain)
        hooks = thread_hooks
        if func._local_function_hooks:
            hooks = func._hooks()
        if hooks:
            for hook in hooks.values():
                hook.backward_preprocess(func, in_data, out_grad)
        try:
            if func._is_v1:
                if not (inputs[0]._requires_grad if len(inputs) == 1
                        else _any_requires_grad(inputs)):
                    # e.g. a node reached through an output whose inputs were all
                    # marked requires_grad=False: nothing can receive a gradient
                    gxs = (None,) * len(in_data)
                elif func._host and _graph.all_host(out_grad):
                    gxs = func.backward(in_data, out_grad)
                else:
                    with cuda.get_device(*(in_data + out_grad)):
                        gxs = func.backward(in_data, out_grad)
                if len(gxs) != len(in_data):
                    raise ValueError(
                        '{}.backward returned {} gradients for {} inputs'.format(
                            func.label, len(gxs), len(in_data)))
            elif type(func).backward_accumulate is _BASE_ACCUMULATE:
                gxs = _node_backward_arrays(func, inputs, in_data, out_grad)
            else:
                gxs = _node_accumulate_arrays(func, inputs, in_data, out_grad, shared)
        except Exception as e:
            if is_debug and func.stack:
                _graph.add_stack_to_error(e, func)
            raise
        if hooks:
            for hook in hooks.values():
                hook.backward_postprocess(func, in_data, out_grad)
        if is_debug:
            _graph.check_nan(func, gxs, 'backward')

        if not retain_grad:
            for y in outputs:
                if y is not None and y is not root:
                    y._grad = None
        for x, gx in zip(inputs, gxs):
            if gx is None:
                continue
            xd = x.data
            if gx.__class__ is not xd.__class__:
                if gx.__class__ is DeferredGrad:  # a plain leaf's, computed on read
                    _give_deferred(x, gx, loss_scale)
                    continue
                if gx.__class__ is RowsGrad or gx.__class__ is ProductGrad:
                    # a host leaf's: zero but for some rows, or a^T b
                    if _give_parts(x, gx, shared, pending, loss_scale):
                        continue
                    gx = gx.dense()
                _graph.check_grad_type(x, gx, func)  # raises unless compatible
            elif gx.dtype is not xd.dtype and gx.dtype != xd.dtype or \
                    gx.shape != xd.shape:
                _graph.check_grad_type(x, gx, func)
            if x.__class__ is ArrayInput:
                continue  # nobody can read it (see _ArrayInput): not kept
            id_x = id(x)
            creator = x.creator
            if creator is None:  # a leaf: accumulate into what it holds
                if not x._requires_grad:
                    continue  # made with requires_grad=False (v2+): no gradient
                if loss_scale is not None:
                    _graph.note_loss_scale(x, loss_scale)
                grad = x._grad
                if grad.__class__ is DeferredGrad:
                    grad = x._grad = grad.materialize()
                    shared[id_x] = False
                if grad is None:
                    # Two leaves must never share one array: a later backward adds
                    # into leaf gradients in place.
                    if id(gx) in given_to_leaves:
                        gx = gx.copy()
                    given_to_leaves.add(id(gx))
                    _set_attribute(x, '_grad', gx)
                    shared[id_x] = True
                elif grad is _graph.NAN_GRAD:
                    x._grad = x._nan_array()  # NaN + gx: the NaNs are the sum
                elif shared.get(id_x):
                    x._grad = force_array(grad + gx)  # gx may be shared: not in place
                    shared[id_x] = False
                else:
                    x._grad += gx
                continue
            # an intermediate: its grad starts fresh in every backward
            if creator not in seen_funcs:
                seen_funcs.add(creator)
                heapq.heappush(candidates, (-creator.rank, len(seen_funcs), creator))
            state = shared.get(id_x)
            if state is None:
                x._grad = gx
                shared[id_x] = True
            elif state:
                x._grad = force_array(gx + x._grad)
                shared[id_x] = False
            else:
                x._grad += gx
    for waiting in pending.values():
        _take_products(waiting, shared)


def _give_deferred(x, gx, loss_scale):
    """Gives the leaf ``x`` the deferred gradient ``gx`` (only functions asked through
    ``_input_grads_needed`` return one, and only for plain leaves that require a
    gradient); one it already holds is summed with it at once."""
    if loss_scale is not None:
        _graph.note_loss_scale(x, loss_scale)
    if x._grad is None:
        x._grad = gx
    else:
        x.grad = x.grad + gx.materialize()


def _give_parts(x, gx, shared, pending, loss_scale):
    """Takes ``gx`` (a RowsGrad or a ProductGrad) for the host leaf ``x``, as the engine
    adds a dense gradient: rows are added into the leaf's gradient at once (in place
    where this pass owns that array, else into a copy; made from them when it has
    none); a product is computed at once when it is the leaf's first gradient of the
    pass, else it waits in ``pending`` to be taken with the leaf's later ones as one
    product of their stacked operands (see :mod:`chainer._product_grad`). Returns
    False, doing nothing, where ``x`` is not such a leaf (the caller then takes ``gx``
    as a dense array)."""
    if not _is_host_leaf_for(x, gx):
        return False
    if loss_scale is not None:
        _graph.note_loss_scale(x, loss_scale)
    if gx.__class__ is RowsGrad:
        _add_into_leaf(x, shared, gx.dense, gx.add_to)
    else:
        _pend_product(x, gx, shared, pending)
    return True


def _pend_product(x, gx, shared, pending):
    id_x = id(x)
    waiting = pending.get(id_x)
    if waiting is None:
        if x._grad is None:
            _add_into_leaf(x, shared, gx.dense, None)
            return
        waiting = pending[id_x] = (x, [])
    grads = waiting[1]
    if grads and grads[0].product is not gx.product:
        _take_products(waiting, shared)
    grads.append(gx)
    if sum([len(g.a) for g in grads]) >= _product_grad.MAX_PENDING_ROWS:
        _take_products(waiting, shared)


def _take_products(waiting, shared):
    """Adds the products waiting for one leaf, ``(x, [ProductGrad, ...])``, into its
    gradient and empties the list."""
    x, grads = waiting
    if grads:
        total = _product_grad.stacked(grads)
        del grads[:]
        _add_into_leaf(x, shared, lambda: total,
                       lambda held: numpy.add(held, total, out=held))


def _is_host_leaf_for(x, gx):
    # x is a host leaf that requires a gradient of gx's shape and dtype
    data = x.data
    return x.creator is None and x._requires_grad and \
        x.__class__ is not _graph.ArrayInput and data.__class__ is numpy.ndarray and \
        gx.shape == data.shape and gx.dtype == data.dtype


def _add_into_leaf(x, shared, make, add_to):
    """Adds a gradient into the gradient of the host leaf ``x``: ``make()`` returns it as
    a new array (taken when ``x`` has none), ``add_to(held)`` adds it into the array
    ``x`` holds (in place where this pass owns that array, else into a copy); a NaN
    gradient stays NaN."""
    id_x = id(x)
    held = x._grad
    if held.__class__ is DeferredGrad:
        held = x._grad = held.materialize()
        shared[id_x] = False
    if held is None:
        x._grad = make()
        shared[id_x] = False
    elif held is _graph.NAN_GRAD:
        x._grad = x._nan_array()  # NaN + gx: the NaNs are the sum
    else:
        if shared.get(id_x):  # may be another variable's array too: not in place
            held = x._grad = held.copy()
            shared[id_x] = False
        add_to(held)


def _retained_only(in_data, indexes):
    return tuple([d if i in indexes else None for i, d in enumerate(in_data)])


def _any_requires_grad(inputs):
    for x in inputs:
        if x._requires_grad:
            return True
    return False


def _node_backward_arrays(func, inputs, in_data, out_grad, grad_inputs=None):
    """A FunctionNode's backward on arrays: its gradients wrapped into Variables that
    build no graph, its results unwrapped. With ``grad_inputs`` (one per target
    index), its ``backward_accumulate`` is called instead."""
    indexes = _target_indexes(inputs)
    gxs = [None] * len(inputs)
    if not indexes:
        return gxs
    gys = tuple([_wrap(g) for g in out_grad])
    with using_config('enable_backprop', False):
        if _graph.all_host(in_data) and _graph.all_host(out_grad):
            results = _call_node_backward(func, indexes, gys, grad_inputs)
        else:
            with cuda.get_device(*(in_data + out_grad)):
                results = _call_node_backward(func, indexes, gys, grad_inputs)
    results = _graph.gradients_per_target(func, indexes, results)
    for i, gx in zip(indexes, results):
        if gx is not None:
            gxs[i] = gx.data if isinstance(gx, _graph.Variable) else gx
    return gxs


def _call_node_backward(func, indexes, gys, grad_inputs):
    if grad_inputs is None:
        return func.backward(indexes, gys)
    return func.backward_accumulate(
        indexes, gys, tuple([_wrap(g) for g in grad_inputs(indexes)]))


def _wrap(g):
    return None if g is None else _graph.Variable(g, requires_grad=False)


_BASE_ACCUMULATE = function_node.FunctionNode.backward_accumulate


def _node_accumulate_arrays(func, inputs, in_data, out_grad, shared):
    """A FunctionNode that overrides ``backward_accumulate``: it gets the gradient each
    input holds so far (a leaf's from earlier backward passes too; None for a repeated
    input after its first place) and returns the sums, which replace them."""
    replaced = []

    def grad_inputs(indexes):
        seen = set()
        result = []
        for i in indexes:
            x = inputs[i]
            g = None
            if id(x) not in seen and x.__class__ is not _graph.ArrayInput and (
                    x.creator is None or id(x) in shared):
                g = x.grad  # (allocates a deferred NaN gradient: NaN + gx is NaN)
            seen.add(id(x))
            if g is not None:
                replaced.append(x)
            result.append(g)
        return result

    gxs = _node_backward_arrays(func, inputs, in_data, out_grad, grad_inputs)
    for x in replaced:  # the sums replace what the inputs held
        x._grad = None
        shared.pop(id(x), None)
    return gxs


def unchain_backward(var):
    """Cuts the graph behind ``var``: every function reachable backward from it forgets
    its inputs and its outputs forget it; ``var`` becomes a root."""
    pending = []
    seen = set()

    def add(func):
        if func is not None and func not in seen:
            pending.append(func)
            seen.add(func)

    add(var.creator)
    while pending:
        func = pending.pop()
        for x in _graph.node_inputs(func) or ():
            add(x.creator)
        func.unchain()
    var.creator = None
