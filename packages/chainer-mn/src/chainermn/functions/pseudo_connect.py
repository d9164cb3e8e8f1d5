"""Joining a delegate variable to the variables of another part of the graph."""
import chainer
from chainer import cuda
from chainermn.functions import _arrays


class PseudoConnect(chainer.FunctionNode):
    """Outputs its inputs but the first (the delegate variable) unchanged; backward
    passes their gradients through and gives the delegate a zero gradient, so that
    backward also runs the graph behind the delegate."""

    def forward(self, inputs):
        """Returns the inputs but the first."""
        self._delegate_info = inputs[0].shape, inputs[0].dtype
        return tuple(inputs[1:])

    def backward(self, target_input_indexes, grad_outputs):
        """Zeros for the delegate, the output gradients for the others."""
        shape, dtype = self._delegate_info
        xp = cuda.get_array_module(*[g.data for g in grad_outputs if g is not None])
        zero = chainer.Variable(xp.zeros(shape, dtype))
        grads = (zero,) + tuple(grad_outputs)
        return tuple([grads[i] for i in target_input_indexes])


def pseudo_connect(delegate_variable, *actual_variables):
    """Returns ``actual_variables`` unchanged but joined to ``delegate_variable`` in
    the graph.

    A model split across processes has parts that are not connected on one process:
    :func:`~chainermn.functions.send` ends one with a delegate variable, a later
    :func:`~chainermn.functions.recv` starts another. To make a backward from the
    later part's outputs also run the earlier part (and its send's backward, which
    receives gradients from the peer), pass the delegate variable here with the
    variables to carry on with: the result has the same values, and a backward through
    it reaches the delegate too (with a zero gradient).

    Args:
        delegate_variable (~chainer.Variable): the delegate variable of the earlier
            part (None: an empty one, joining nothing).
        actual_variables (~chainer.Variable): the variables to pass on.

    Returns:
        tuple of ~chainer.Variable: the values of ``actual_variables``.
    """
    if delegate_variable is None:
        xp = cuda.get_array_module(*[getattr(v, 'data', v) for v in actual_variables])
        delegate_variable = _arrays.empty(xp)
    return PseudoConnect().apply((delegate_variable,) + tuple(actual_variables))
