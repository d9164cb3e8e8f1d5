"""The graph mode of the backprop engine (see :mod:`chainer._backprop`): gradients are
Variables, computed with differentiable functions when a double backprop is asked, and
only through the nodes that lead to the variables whose gradient is wanted
(:func:`chainer.grad`).
"""
import heapq

from chainer import _graph
from chainer import cuda
from chainer import function_node
from chainer.configuration import config, using_config
from chainer.utils import force_array


def _target_indexes(inputs):
    return tuple([i for i, x in enumerate(inputs) if x.requires_grad])


def _collect_graph(outputs):
    """Every node reachable backward from ``outputs``, in the order first found (a
    list: the engine breaks ties of rank by it, so that the order of a backward, and
    of the collective operations a multi-process backward runs, is the same in every
    run and every process, never that of memory addresses)."""
    seen = set()
    nodes = []
    stack = [y.creator for y in outputs if y.creator is not None]
    while stack:
        func = stack.pop()
        if func in seen:
            continue
        seen.add(func)
        nodes.append(func)
        for x in _node_inputs(func) or ():
            if x.creator is not None and x.creator not in seen:
                stack.append(x.creator)
    return nodes


_node_inputs = _graph.node_inputs
_node_outputs = _graph.node_outputs


def _useful_nodes(nodes, targets):
    """The nodes through which some target variable's gradient flows (in the order
    of ``nodes``)."""
    useful = set()
    for func in sorted(nodes, key=lambda f: f.rank):
        for x in _node_inputs(func):
            if id(x) in targets or x.creator in useful:
                useful.add(func)
                break
    return [func for func in nodes if func in useful]


def _backprop_graph(outputs, grad_outputs, targets, retain_grad, double, loss_scale):
    """Backprop with Variable gradients.

    Args:
        outputs, grad_outputs: the start variables and their gradients (Variables).
        targets: ids of the variables whose gradient is wanted, or None for every
            leaf.
        retain_grad (bool): store the gradients of intermediate variables.
        double (bool): build the graph of the gradients.

    Returns:
        list of ``(variable, gradient Variable)`` for the targets (or the leaves)
        reached, in the order first reached.
    """
    nodes = _collect_graph(outputs)
    if targets is not None:
        nodes = _useful_nodes(nodes, targets)
    grads = {}
    owners = {}
    for y, gy in zip(outputs, grad_outputs):
        if gy is not None:
            _add_grad(grads, owners, y, gy)
    candidates = []
    for order, func in enumerate(nodes):
        heapq.heappush(candidates, (-func.rank, order, func))
    reached = []
    reached_ids = set()
    with using_config('enable_backprop', double):
        while candidates:
            func = heapq.heappop(candidates)[2]
            outs = [ref() for ref in _node_outputs(func)]
            gys = tuple([None if y is None else grads.get(id(y)) for y in outs])
            if all(g is None for g in gys):
                continue
            gxs = _call_backward(func, gys, double, grads)
            for y in outs:
                if y is None:
                    continue
                if retain_grad and id(y) in grads:
                    y.grad_var = grads[id(y)]
                if targets is None or id(y) not in targets:
                    grads.pop(id(y), None)
            for x, gx in zip(_node_inputs(func), gxs):
                if gx is None or x.__class__ is _graph.ArrayInput or (
                        targets is None and x.creator is None and not x._requires_grad):
                    continue
                _graph.check_grad_type(x, gx.data, func)
                _add_grad(grads, owners, x, gx)
                is_target = id(x) in targets if targets is not None \
                    else x.creator is None
                if is_target and id(x) not in reached_ids:
                    reached_ids.add(id(x))
                    reached.append(x)
    if loss_scale is not None:
        for x in reached:
            _graph.note_loss_scale(x, loss_scale)
    return [(x, grads[id(x)]) for x in reached]


def _add_grad(grads, owners, x, gx):
    key = id(x)
    owners[key] = x
    g = grads.get(key)
    grads[key] = gx if g is None else g + gx


def _call_backward(func, gys, double, grads=None):
    """One node's input gradients as Variables (None where none)."""
    inputs = _node_inputs(func)
    in_data = tuple([x.data for x in inputs])
    gy_data = tuple([None if g is None else g.data for g in gys])
    hooks = func._hooks()
    hooks = hooks.values() if hooks else ()
    for hook in hooks:
        hook.backward_preprocess(func, in_data, gy_data)
    with cuda.get_device(*(in_data + gy_data)):
        if not func._is_v1:
            gxs = _node_backward_variables(func, inputs, gys, grads)
        elif func._differentiable_backward:
            gys = tuple([_zeros_for(y, func, i, in_data) if g is None else g
                         for i, (g, y) in enumerate(zip(gys, _node_outputs(func)))])
            gxs = func.backward(inputs, gys)
        else:
            gxs = _v1_backward_as_variables(func, inputs, in_data, gy_data, gys, double)
    if len(gxs) != len(inputs):
        raise ValueError('{}.backward returned {} gradients for {} inputs'.format(
            func.label, len(gxs), len(inputs)))
    for hook in hooks:
        hook.backward_postprocess(func, in_data, gy_data)
    gxs = tuple([None if gx is None else _graph.as_variable(gx) for gx in gxs])
    if config.debug:
        _graph.check_nan(func, gxs, 'backward')
    return gxs


def _zeros_for(ref, func, index, in_data):
    """Zeros standing for the gradient of output ``index`` of ``func``, which got
    none (its Variable may be gone: a multi-output function records the shapes)."""
    y = ref()
    if y is not None and y.data is not None:
        xp = cuda.get_array_module(y.data)
        return _graph.Variable(xp.zeros_like(y.data), requires_grad=False)
    info = func.__dict__.get('_output_info')
    if info is None:
        raise RuntimeError('{}: an output needed for its backward is gone'.format(
            func.label))
    shape, dtype = info[index]
    xp = cuda.get_array_module(*[d for d in in_data if d is not None])
    return _graph.Variable(xp.zeros(shape, dtype), requires_grad=False)


def _node_backward_variables(func, inputs, gys, grads=None):
    indexes = _target_indexes(inputs)
    gxs = [None] * len(inputs)
    if not indexes:
        return gxs
    if grads is None or type(func).backward_accumulate is \
            function_node.FunctionNode.backward_accumulate:
        results = func.backward(indexes, gys)
    else:
        # the gradients gathered so far go in and the sums replace them (a repeated
        # input gets None after its first place)
        grad_inputs = [grads.pop(id(inputs[i]), None) if inputs[i] is not None else None
                       for i in indexes]
        results = func.backward_accumulate(indexes, gys, tuple(grad_inputs))
    for i, gx in zip(indexes, _graph.gradients_per_target(func, indexes, results)):
        gxs[i] = gx
    return gxs


class _NotDifferentiable(function_node.FunctionNode):
    """Holds the gradients that a v1 Function's array backward computed in a double
    backprop: differentiating them again raises an error naming that function."""

    def __init__(self, func, gxs):
        self._func = func
        self._gxs = gxs

    @property
    def label(self):
        return 'NotDifferentiable({})'.format(self._func.label)

    def forward(self, inputs):
        return self._gxs

    def backward(self, target_input_indexes, grad_outputs):
        raise RuntimeError(
            'cannot differentiate the gradient of {} ({}) again: it is a '
            'chainer.Function whose backward works on arrays. Write it as a '
            'chainer.FunctionNode whose backward applies differentiable functions (or '
            'set _differentiable_backward = True on the Function if its backward '
            'already works on Variables)'.format(
                self._func.label, type(self._func).__name__))


def _v1_backward_as_variables(func, inputs, in_data, gy_data, gys, double):
    """A v1 Function's array backward, its results as Variables. In a double backprop
    they are outputs of a node that refuses to be differentiated (naming ``func``)."""
    gxs = func.backward(in_data, gy_data)
    if not double:
        return gxs
    present = [i for i, gx in enumerate(gxs) if gx is not None]
    if not present:
        return gxs
    node = _NotDifferentiable(func, tuple([force_array(gxs[i]) for i in present]))
    outs = node.apply(tuple(inputs) + tuple([g for g in gys if g is not None]))
    result = [None] * len(gxs)
    for i, out in zip(present, outs):
        result[i] = out
    return result


def grad(outputs, inputs, grad_outputs=None, grad_inputs=None, set_grad=False,
         retain_grad=False, enable_double_backprop=False, loss_scale=None):
    """See :func:`chainer.grad`."""
    outputs = _as_list('outputs', outputs)
    inputs = _as_list('inputs', inputs)
    for name, values in (('grad_outputs', grad_outputs), ('grad_inputs', grad_inputs)):
        if values is not None and not isinstance(values, (list, tuple)):
            raise TypeError('{} must be a list or tuple (one entry per {}), got '
                            '{}'.format(name, name[5:-1], type(values).__name__))
    grad_outputs = _initial_grads(outputs, grad_outputs, loss_scale)
    targets = {id(x) for x in inputs}
    # grad_inputs are where the inputs' gradients start: they flow on to the inputs
    # an input depends on (v3+)
    seeds = []
    if grad_inputs is not None:
        if len(grad_inputs) != len(inputs):
            raise ValueError('grad_inputs must have one entry per input: {} inputs, {} '
                             'gradients'.format(len(inputs), len(grad_inputs)))
        seeds = [(x, _graph.as_variable(g)) for x, g in zip(inputs, grad_inputs)
                 if g is not None]
    starts = list(zip(outputs, grad_outputs)) + seeds
    found = dict((id(x), g) for x, g in _backprop_graph(
        [y for y, _ in starts], [g for _, g in starts], targets, retain_grad,
        enable_double_backprop, None))
    # An input that is also a start (an output, or seeded) and that no path reaches
    # keeps its start's gradient.
    for y, gy in starts:
        if id(y) in targets and id(y) not in found:
            found[id(y)] = gy
    results = [found.get(id(x)) for x in inputs]
    if retain_grad:
        # an input made by a function is an intermediate variable too: it keeps
        # its gradient (v5+), also where the walk stopped at it
        for x, gx in zip(inputs, results):
            if gx is not None and x.creator is not None:
                x.grad_var = gx
    if set_grad:
        for x, gx in zip(inputs, results):
            x.grad_var = gx
    return results


def _as_list(name, values):
    if isinstance(values, _graph.Variable):
        raise TypeError('{} must be a list or tuple of Variables, got one Variable: '
                        'pass [x]'.format(name))
    values = list(values)
    for v in values:
        if not isinstance(v, _graph.Variable):
            raise TypeError('each of {} must be a Variable, got {}'.format(
                name, type(v).__name__))
    return values


def _initial_grads(outputs, grad_outputs, loss_scale):
    if grad_outputs is None:
        grad_outputs = [None] * len(outputs)
    elif len(grad_outputs) != len(outputs):
        raise ValueError('grad_outputs must have one gradient per output: {} outputs, '
                         '{} gradients'.format(len(outputs), len(grad_outputs)))
    result = []
    for y, gy in zip(outputs, grad_outputs):
        if gy is None:  # ones, whatever the output's size (v3+)
            xp = cuda.get_array_module(y.data)
            gy = xp.ones_like(y.data)
        gy = _graph.as_variable(gy)
        if loss_scale is not None:
            gy = gy * loss_scale
        result.append(gy)
    return result
