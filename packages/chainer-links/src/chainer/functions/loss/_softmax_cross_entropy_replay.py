"""The replay form of a host softmax cross-entropy call (see
:mod:`chainer.graph_optimizations._replay`)."""
import copy

import numpy

from chainer.functions.loss import softmax_cross_entropy as sce


class HostSoftmaxCrossEntropyReplay(object):
    """The host mean softmax cross-entropy of ``(N, C)`` scores in a static replay:
    the operations of ``SoftmaxCrossEntropy.forward_cpu`` and ``backward_cpu`` for
    labels all in ``[0, C)``, with the coefficient (fixed by the shapes) and the row
    indexes made once; a call with other labels runs a copy of the node."""

    __slots__ = ('node', 'coeff', 'rows')

    def __init__(self, node, coeff, n):
        self.node = node
        self.coeff = coeff
        self.rows = numpy.arange(n)

    def forward(self, inputs):
        x, t = inputs
        if not sce._labels.in_range(t, x.shape[1]):
            node = copy.copy(self.node)
            return node.forward(inputs), node
        e, s, m = sce._shifted_exp(x)
        log_p = sce._target_log_softmax(x, (self.rows, t), t.shape, s, m)
        return (sce._mean_loss(log_p, self.coeff, x.dtype),), (e, s)

    def backward(self, inputs, saved, grad_outputs):
        if type(saved) is not tuple:
            return saved.backward(inputs, grad_outputs)
        e, s = saved
        r = grad_outputs[0] * self.coeff
        return sce._softmax_minus_targets(e, s, (self.rows, inputs[1]), r, r), None
