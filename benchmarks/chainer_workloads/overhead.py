"""overhead: ``length`` times ``h = tanh(h * 0.5 + 1.0)`` on a 4-vector, and backward."""
import chainer.functions as F

from chainer_workloads._chain import make_chain_step


def _link(h):
    return F.tanh(h * 0.5 + 1.0)


def make(length):
    return make_chain_step(length, _link)
