"""A long chain of tiny operations on a 4-element vector: the per-operation cost."""
import numpy

import chainer


def make_chain_step(length, link):
    """Returns ``step()``: ``h = link(h)`` ``length`` times from a 4-element float32
    leaf, then backward from the last ``h`` with a gradient of ones."""
    x = chainer.Variable(numpy.full(4, 0.1, dtype=numpy.float32))
    gy = numpy.ones(4, dtype=numpy.float32)

    def step():
        x.cleargrad()
        h = x
        for _ in range(length):
            h = link(h)
        h.grad = gy.copy()  # backward must not see an array it may write into
        h.backward()
        return h

    return step
