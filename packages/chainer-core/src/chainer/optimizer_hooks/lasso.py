"""Lasso (L1 regularization) hook."""
from chainer import cuda
from chainer.optimizer_hooks import _common


class Lasso(object):
    """Optimizer hook for Lasso (L1) regularization: ``g <- g + rate * sign(w)``.

    Added to an optimizer it acts on every parameter with a gradient; added to one
    parameter's update rule on that parameter.

    Args:
        rate (float): coefficient of the regularization, 0 or more (a negative
            one raises ValueError).
    """

    name = 'Lasso'
    timing = 'pre'
    call_for_each_param = False

    def __init__(self, rate):
        self.rate = _common.check_non_negative(
            rate, 'rate', 'Lasso', 'a negative rate pushes the weights away from 0')

    def __call__(self, opt_or_rule, param=None):
        """Adds ``rate * sign(w)`` to the gradient(s) (see :class:`WeightDecay` for
        the arguments)."""
        for p in _common.targets(opt_or_rule, param):
            data = p.data
            xp = cuda.get_array_module(data)
            with cuda.get_device(data):
                p.grad += data.dtype.type(self.rate) * xp.sign(data)
