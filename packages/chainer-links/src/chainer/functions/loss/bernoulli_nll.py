"""Negative log-likelihood of a Bernoulli distribution."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions import _type_checks
from chainer.functions.loss import _reduce


class BernoulliNLL(function.Function):
    """-log B(x; sigmoid(y)) summed over all elements, or per element with
    ``reduce='no'``."""

    def __init__(self, reduce='sum'):
        self.reduce = _reduce.check_reduce(reduce, ('sum', 'mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        x, y = inputs
        xp = cuda.get_array_module(y)
        # -[x log s(y) + (1-x) log(1-s(y))] = softplus(y) - x y, with a softplus
        # that cannot overflow.
        softplus = xp.maximum(y, 0) + xp.log1p(xp.exp(-abs(y)))
        return force_array(_reduce.total_unless_no(softplus - x * y, self.reduce), y.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        x, y = inputs
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            from chainer import functions as F
            g = _double.total_grad(grad_outputs[0], self.reduce, y.shape)
            return -y * g, (F.sigmoid(y) - x) * g
        xp = cuda.get_array_module(y)
        half = y.dtype.type(0.5)
        sigmoid = xp.tanh(y * half) * half + half
        gy = _reduce.total_grad(grad_outputs[0], self.reduce, y.size)
        return -y * gy, (sigmoid - x) * gy


def bernoulli_nll(x, y, reduce='sum'):
    """Computes the negative log-likelihood of a Bernoulli distribution.

    .. math::
        -\\log B(x; p) = -\\sum_i x_i \\log p_i + (1 - x_i) \\log (1 - p_i),
        \\qquad p = \\sigma(y)

    computed stably as :math:`\\sum_i \\mathrm{softplus}(y_i) - x_i y_i`, so ``y`` may
    be the raw output of a linear layer.

    Args:
        x (~chainer.Variable): the observations (in [0, 1]).
        y (~chainer.Variable): the pre-sigmoid parameter, same shape and dtype.
        reduce (str): ``'sum'``, ``'mean'`` (over every element, Chainer v7), or
            ``'no'`` for the term of every element (Chainer v1.24).

    Returns:
        ~chainer.Variable: a scalar (an array of the shape of ``x`` with
        ``reduce='no'``), differentiable by both inputs.
    """
    return BernoulliNLL(reduce)(x, y)
