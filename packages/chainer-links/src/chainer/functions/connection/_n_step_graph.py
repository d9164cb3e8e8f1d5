"""The N-step recurrent network rebuilt from differentiable functions, for a double
backprop through :class:`~chainer.functions.connection._n_step_rnn.NStepRNNFunction`.

The driver's forward and backward run on arrays (the fast path). When a double
backprop asks for its gradients as Variables, the same network is computed again from
the node's input Variables with differentiable functions (the cells' own step code,
given functions instead of an array module; the dropout masks of the forward pass are
reused), and its gradients are taken with ``enable_double_backprop``: they can be
differentiated again.
"""
import chainer
from chainer.functions import _recomputed_grads
from chainer.functions.activation.relu import relu
from chainer.functions.activation.tanh import tanh
from chainer.functions.array.concat import concat
from chainer.functions.array.stack import stack
from chainer.functions.connection.linear import linear


class _VariableOps(object):
    """The array-module functions the cells call, on Variables."""

    tanh = staticmethod(tanh)

    @staticmethod
    def maximum(a, zero):
        return relu(a)

    @staticmethod
    def concatenate(xs, axis=0):
        return concat(xs, axis=axis)


def _unit_forward(func, rec, layer_in, unit, states, ws, bs):
    """One direction of one layer over all steps, as Variables: ``(finals, out)``."""
    cell = func.cell
    base = unit * cell.n_weights

    def pack(params, order):
        return concat([params[base + j] for j in order], axis=0)

    x_in = layer_in if rec['mask'] is None else layer_in * rec['mask']
    px_all = linear(x_in, pack(ws, cell.x_weights), pack(bs, cell.x_weights))
    Wh, bh = pack(ws, cell.h_weights), pack(bs, cell.h_weights)
    current = [s[unit] for s in states]
    pieces = {}
    for t in func._times(unit):
        batch, s, e = func.batches[t], func.offsets[t], func.offsets[t + 1]
        prev = [c[:batch] for c in current]
        new, _ = cell.forward(px_all[s:e], linear(prev[0], Wh, bh), prev, _VariableOps)
        current = [v if batch == c.shape[0] else concat((v, c[batch:]), axis=0)
                   for c, v in zip(current, new)]
        pieces[t] = new[0]
    return current, concat([pieces[t] for t in sorted(pieces)], axis=0)


def recompute(func, inputs):
    """The outputs of ``func`` (final states, then the steps' outputs) as Variables
    computed from ``inputs`` with differentiable functions."""
    states, ws, bs, xs = func._split(tuple(inputs))
    layer_in = concat(xs, axis=0)
    finals = [[] for _ in states]
    for layer in range(func.n_layers):
        outs = []
        for d in range(func.direction):
            unit = layer * func.direction + d
            unit_finals, out = _unit_forward(func, func.saved[unit], layer_in, unit,
                                             states, ws, bs)
            for f, v in zip(finals, unit_finals):
                f.append(v)
            outs.append(out)
        layer_in = outs[0] if func.direction == 1 else concat(outs, axis=1)
    ys = [layer_in[s:e] for s, e in zip(func.offsets[:-1], func.offsets[1:])]
    return [stack(f, axis=0) for f in finals] + ys


def differentiable_grads(func, inputs, grad_outputs):
    """The input gradients of ``func`` as Variables that can be differentiated again."""
    with chainer.using_config('enable_backprop', True):
        outputs = recompute(func, inputs)
    return _recomputed_grads.grads_by_position(outputs, inputs, grad_outputs)
