"""A differentiable sum over processes, for the double backprop of the multi-node
batch normalization."""
import numpy

from chainer import cuda
from chainer import function_node
from chainer import variable


class AllreduceSum(function_node.FunctionNode):
    """``y = sum over the processes of comm of x`` (the same on every rank).

    Every rank's ``x`` reaches every rank's ``y``, so the gradient of ``x`` is the sum
    over the processes of the gradients of ``y``: backward is this function again, hence
    differentiable any number of times. Every process must apply it (and run its
    backward) at the same time, with the same shape and dtype.

    Args:
        comm: a ChainerMN communicator.
    """

    def __init__(self, comm):
        self.comm = comm

    def forward(self, inputs):
        x, = inputs
        self._info = (x.shape, x.dtype, cuda.get_array_module(x))
        total = self.comm.allreduce(numpy.ascontiguousarray(cuda.to_cpu(x)))
        total = numpy.asarray(cuda.to_cpu(total)).astype(x.dtype, copy=False)
        return (total if isinstance(x, numpy.ndarray) else cuda.to_gpu(total)),

    def backward(self, target_input_indexes, grad_outputs):
        gy, = grad_outputs
        if gy is None:  # every rank must take part in the all-reduce
            shape, dtype, xp = self._info
            gy = variable.Variable(xp.zeros(shape, dtype), requires_grad=False)
        return AllreduceSum(self.comm).apply((gy,))


def allreduce_sum(x, comm):
    """The sum of ``x`` over the processes of ``comm``, differentiable (see
    :class:`AllreduceSum`)."""
    return AllreduceSum(comm).apply((x,))[0]
