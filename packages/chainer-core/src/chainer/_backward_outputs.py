"""``chainer.backward``: backprop from several outputs at once (v7).

Each function of the graph runs its backward once, with the gradients of all its
outputs: the outputs are gathered under one node, from which the array engine of
:mod:`chainer._backprop` runs; with double backprop the graph engine of
:mod:`chainer._backprop_graph` starts from all of them.
"""
import warnings

from chainer import _backprop
from chainer import _graph
from chainer import function_node
from chainer._backprop_graph import _backprop_graph
from chainer.configuration import using_config


def backward_outputs(outputs, grad_outputs=None, **kwargs):
    """backward(outputs, grad_outputs=None, *, enable_double_backprop=False)

    Runs backprop from several variables at once (v7's ``chainer.backward``): each
    function of the graph runs its backward once, with the gradients of all its
    outputs, and the gradients are accumulated into the leaves' ``grad``.

    Args:
        outputs (tuple or list of ~chainer.Variable): where backprop starts.
        grad_outputs (tuple or list of ~chainer.Variable or None): the gradient of
            each output (arrays are accepted too; None entries skip that output).
            When omitted, each output's ``grad_var`` is taken and then cleared; an
            output without one is skipped with a RuntimeWarning (no gradient of one
            is assumed, unlike :meth:`Variable.backward`).
        enable_double_backprop (bool): record the backward computation in the
            graph, so that the gradients can be differentiated again.

    Raises:
        TypeError: ``outputs`` or ``grad_outputs`` is not a tuple or list, an output
            is not a Variable, or an unknown keyword is given.
        ValueError: ``grad_outputs`` has not one entry per output.
    """
    enable_double_backprop = kwargs.pop('enable_double_backprop', False)
    for key, why in (('retain_grad', 'retain_grad is not supported'),
                     ('loss_scale', 'loss_scale is not supported')):
        if key in kwargs:
            raise ValueError('chainer.backward: {}'.format(why))
    if kwargs:
        raise TypeError('backward() got unexpected keyword argument(s) {}'.format(
            ', '.join(sorted(kwargs))))
    if not isinstance(outputs, (tuple, list)):
        raise TypeError('outputs must be a tuple or a list, not {}'.format(
            type(outputs).__name__))
    for y in outputs:
        if not isinstance(y, _graph.Variable):
            raise TypeError('each output must be a Variable, not {}'.format(
                type(y).__name__))
    if grad_outputs is None:
        grad_outputs = []
        for y in outputs:
            gy = y.grad_var
            if gy is None:
                warnings.warn('chainer.backward: an output has no grad (or is given '
                              'twice); it is skipped: no gradient of one is assumed',
                              RuntimeWarning, stacklevel=2)
            y.grad_var = None
            grad_outputs.append(gy)
    else:
        if not isinstance(grad_outputs, (tuple, list)):
            raise TypeError('grad_outputs must be None, a tuple or a list, not {}'
                            .format(type(grad_outputs).__name__))
        if len(grad_outputs) != len(outputs):
            raise ValueError('grad_outputs must have one entry per output: {} outputs, '
                             '{} gradients'.format(len(outputs), len(grad_outputs)))
    pairs = [(y, _graph.as_variable(gy)) for y, gy in zip(outputs, grad_outputs)
             if gy is not None]
    for y, gy in pairs:
        _graph.check_grad_type(y, gy.data, None)
    if not pairs:
        return
    if not enable_double_backprop:
        # the array engine (as Variable.backward: a Function whose backward runs a
        # backprop of its own keeps working) from one node gathering the outputs
        with using_config('enable_backprop', True):
            gathered = _GatherOutputs().apply([y for y, _ in pairs])
        for g, (_, gy) in zip(gathered, pairs):
            g.grad = gy.data
        _backprop._backward_arrays(gathered[0], False, None)
        return
    starts = [(y, gy) for y, gy in pairs if y.creator is not None]
    found = _backprop_graph([y for y, _ in starts], [gy for _, gy in starts], None,
                            False, enable_double_backprop, None) if starts else []
    _backprop._give_to_leaves([(y, gy) for y, gy in pairs if y.creator is None] + found)


class _GatherOutputs(function_node.FunctionNode):
    """Identity over the outputs of :func:`backward_outputs`, so that one run of the
    array engine starts from all of them."""

    def forward(self, inputs):
        return inputs

    def backward(self, target_input_indexes, grad_outputs):
        return tuple([grad_outputs[i] for i in target_input_indexes])
