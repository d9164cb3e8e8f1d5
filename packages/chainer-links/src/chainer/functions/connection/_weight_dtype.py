"""Weights of another float dtype than the input, as Chainer v1 allowed them.

v1's linear and (de)convolutions took, e.g., float16 inputs with float32 weights: the
output and the input gradient have the input's dtype, the weight gradient the weight's.
Here the weight is cast to the input's dtype once per pass (a copy of the small
operand only), so every kernel still runs on operands of one dtype (cuDNN and BLAS
require it), and the weight gradient is cast back.
"""


def weight_in_input_dtype(inputs):
    """``inputs`` ``(x, W, ...)`` with ``W`` cast to ``x.dtype`` where it differs."""
    x, W = inputs[:2]
    if W.dtype == x.dtype:
        return inputs
    return (x, W.astype(x.dtype)) + tuple(inputs[2:])


def weight_grad_in_weight_dtype(grads, W):
    """``grads`` ``(gx, gW, ...)`` with ``gW`` cast back to ``W.dtype``."""
    gW = grads[1]
    if gW is None or gW.dtype == W.dtype:
        return grads
    return (grads[0], gW.astype(W.dtype)) + tuple(grads[2:])


class WeightDtypeFollowsInput(object):
    """Mixin of a :class:`~chainer.Function` taking ``(x, W[, b])`` through
    ``forward_cpu``/``forward_gpu``: it computes with ``W`` cast to ``x.dtype`` and
    returns the weight gradient in ``W.dtype`` (see the module docstring)."""

    def forward(self, inputs):
        return super(WeightDtypeFollowsInput, self).forward(weight_in_input_dtype(inputs))

    def backward(self, inputs, grad_outputs):
        grads = super(WeightDtypeFollowsInput, self).backward(
            weight_in_input_dtype(inputs), grad_outputs)
        return weight_grad_in_weight_dtype(tuple(grads), inputs[1])
