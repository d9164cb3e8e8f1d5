"""Double backprop for the linear array functions (reshape, concat, tile, pad, ...).

The backward of a function that is linear in its float inputs, ``y = A x``, is
``gx = A^T gy``: it depends on the input shapes (and integer inputs such as indices)
only. Its own gradient, with respect to ``gy``, is ``A ggx``: the function applied
again to ``ggx``. :func:`transposed_grads` wraps an array backward in a
:class:`LinearGrad` node on that principle, so a v1 ``Function`` keeps its fast array
backward and becomes differentiable to any order.
"""
from chainer import cuda
from chainer import function
from chainer import function_node
from chainer import utils
from chainer import variable


def is_double(grad_outputs):
    """Whether a v1 backward was called in a double backprop.

    The engine then passes every output gradient as a Variable (zeros for missing
    ones), so the first one tells; in an ordinary backward they are arrays or None.
    """
    return isinstance(grad_outputs[0], _Variable)


_Variable = function.Variable


class LinearGrad(function_node.FunctionNode):
    """``gxs = grad(gys)`` of a linear function; its gradient applies the function.

    Args:
        grad (callable): the array backward: a tuple of output-gradient arrays to a
            tuple of input-gradient arrays (None for inputs without a gradient).
        apply_again (callable): the function applied to Variables, one per input of
            the original function; returns its output Variable(s).
        inputs_like (tuple): the original input arrays (used for the shapes and
            dtypes of missing gradients, and as themselves for inputs that get no
            gradient, such as indices).
    """

    def __init__(self, grad, apply_again, inputs_like):
        self._grad = grad
        self._apply_again = apply_again
        self._inputs_like = inputs_like
        self._present = None

    @property
    def label(self):
        return 'LinearGrad'

    def forward(self, inputs):
        gxs = self._grad(tuple(inputs))
        self._present = [i for i, g in enumerate(gxs) if g is not None]
        return tuple([utils.force_array(gxs[i]) for i in self._present])

    def backward(self, indexes, grad_outputs):
        args = list(self._inputs_like)
        for i, x in enumerate(args):
            if i not in self._present:
                continue
            gg = grad_outputs[self._present.index(i)]
            if gg is None:
                xp = cuda.get_array_module(x)
                gg = function.Variable(xp.zeros_like(x), requires_grad=False)
            args[i] = gg
        ys = self._apply_again(*args)
        if not isinstance(ys, (tuple, list)):
            ys = (ys,)
        return tuple(ys)


def transposed_grads(func, inputs, grad_outputs, apply_again):
    """The input gradients of a linear v1 ``func`` as Variables, differentiable again.

    Args:
        func: the Function; its array ``backward`` computes the gradients.
        inputs (tuple): its inputs (Variables in a double backprop).
        grad_outputs (tuple of Variables): the output gradients.
        apply_again (callable): applies the same function (same parameters) to
            Variables, one per input.

    Returns:
        tuple: one Variable (or None) per input.
    """
    data = tuple([variable.as_array(x) for x in inputs])
    node = LinearGrad(lambda gys: func.backward(data, gys), apply_again, data)
    outs = node.apply(tuple(grad_outputs))
    result = [None] * len(inputs)
    for i, out in zip(node._present, outs):
        result[i] = out
    return tuple(result)


def outputs_alive(func):
    """Whether every output Variable of a multi-output v1 ``func`` still exists.

    The engine gives a missing output gradient zeros shaped like that output, which it
    reads from the output Variable; a multi-output function can take the
    differentiable backward only while they all exist (else its array backward fills
    the missing gradients itself, and that gradient cannot be differentiated again).
    """
    outputs = getattr(func, 'outputs', None)
    return outputs is None or all(ref() is not None for ref in outputs)
