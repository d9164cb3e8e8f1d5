"""A backward building the graph of gradients (enable_double_backprop, chainer.grad)
visits nodes of equal rank in one order in every run: that of the graph, never that of
the nodes' memory addresses (processes running collectives in backward must agree)."""
import numpy

import chainer


class _Logged(chainer.FunctionNode):
    """y = 2 x, recording its name when its backward runs."""

    def __init__(self, name, log):
        self.name = name
        self.log = log

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, indexes, grad_outputs):
        self.log.append(self.name)
        return grad_outputs[0] * 2,


def _backward_order(padding):
    log = []
    keep = [object() for _ in range(padding)]  # moves the nodes' addresses around
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    branches = []
    for name in 'abcdef':
        keep.append([object() for _ in range(padding % 7)])
        branches.append(_Logged(name, log).apply((x,))[0])
    y = branches[0]
    for b in branches[1:]:
        y = y + b
    chainer.grad([y], [x], grad_outputs=[numpy.ones(3, numpy.float32)],
                 enable_double_backprop=True)
    return log


def test_equal_ranks_keep_one_order_whatever_the_addresses():
    orders = {tuple(_backward_order(padding)) for padding in range(0, 60, 3)}
    assert len(orders) == 1
    assert sorted(next(iter(orders))) == list('abcdef')
