"""One node's step of a backward pass on Variables, in the form Chainer v7 kept in
its private ``chainer._backprop_utils``: the gradients of the inputs are gathered
per input node in lists (several paths may give one input a gradient), and a node
adds its contributions to them.

This project's engine (:mod:`chainer._backprop`, :mod:`chainer._backprop_graph`)
keeps its own bookkeeping; this module serves code written against v7's private
API that drives a node's backward itself (v7's own tests do).
"""
from chainer import _graph
from chainer import function_node
from chainer.configuration import config

_BASE_ACCUMULATE = function_node.FunctionNode.backward_accumulate


def backprop_step(func, target_input_indexes, grad_outputs, grad_inputs, is_debug):
    """Runs ``func``'s backward and adds its input gradients to ``grad_inputs``.

    Args:
        func (~chainer.FunctionNode): the node; its ``inputs`` are the keys of
            ``grad_inputs``.
        target_input_indexes (tuple of int): the sorted indexes of the inputs whose
            gradient is asked (at least one).
        grad_outputs (tuple): the gradients of the outputs (None where an output
            has none).
        grad_inputs (dict): input node -> list of the gradient Variables gathered
            for it so far; the node's gradients are appended (a node overriding
            ``backward_accumulate`` takes the gathered one out and puts the sum
            back). Unless ``chainer.config.lazy_grad_sum``, every list is summed
            to at most one Variable afterwards.
        is_debug (bool): check the arguments and the gradients (types, NaN) and
            add where the node was applied to an error its backward raises.
    """
    if is_debug:
        if type(target_input_indexes) is not tuple or \
                list(target_input_indexes) != sorted(target_input_indexes):
            raise ValueError('target_input_indexes must be a sorted tuple, got {!r}'
                             .format(target_input_indexes))
        if type(grad_outputs) is not tuple:
            raise TypeError('grad_outputs must be a tuple, got {}'.format(
                type(grad_outputs).__name__))
    inputs = func.inputs
    try:
        if type(func).backward_accumulate is not _BASE_ACCUMULATE:
            gathered = tuple([_pop_or_none(grad_inputs[inputs[i]])
                              for i in target_input_indexes])
            gxs = func.backward_accumulate(target_input_indexes, grad_outputs, gathered)
            if len(gxs) != len(target_input_indexes):
                raise ValueError(
                    'number of gradients returned from backward_accumulate is '
                    'incorrect: {} returned {}, expected {} (one per target index)'
                    .format(func.label, len(gxs), len(target_input_indexes)))
        else:
            gxs = _graph.gradients_per_target(
                func, target_input_indexes,
                func.backward(target_input_indexes, grad_outputs))
    except Exception as e:
        if is_debug and func.stack:
            _graph.add_stack_to_error(e, func)
        raise
    for i, gx in zip(target_input_indexes, gxs):
        if gx is None or gx.data is None:
            continue
        if is_debug:
            if not isinstance(gx, _graph.Variable):
                raise _graph.BadGradientError(
                    'type of gradients returned from backward is incorrect: {} '
                    'returned {}, expected a Variable'.format(
                        func.label, type(gx).__name__))
            _check_like(func, i, gx, inputs[i], grad_inputs[inputs[i]])
            _graph.check_nan(func, (gx,), 'backward')
        grad_inputs[inputs[i]].append(gx)
    if not config.lazy_grad_sum:
        for grads in grad_inputs.values():
            _reduce(grads)


def _check_like(func, index, gx, node, gathered):
    # the shape of the input, and the shape and dtype of what was gathered for it
    # (v7 leaves a gradient's dtype free against its input's)
    expected = [('shape', node.shape)]
    if gathered:
        expected += [('shape', gathered[0].shape), ('dtype', gathered[0].dtype)]
    for what, value in expected:
        actual = getattr(gx, what)
        if actual != value:
            raise _graph.BadGradientError(
                '{} of gradients returned from backward is incorrect: {}, input '
                'index {}: {} != expected {}'.format(what, func.label, index, actual,
                                                     value))


def _pop_or_none(grads):
    return grads.pop() if grads else None


def _reduce(grads):
    """Sums the list of gradient Variables in place (to one entry) and returns the
    sum, or None for an empty list."""
    if not grads:
        return None
    if len(grads) > 1:
        total = grads[0]
        for g in grads[1:]:
            total = total + g
        grads[:] = [total]
    return grads[0]
