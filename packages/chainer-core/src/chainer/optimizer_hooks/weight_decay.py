"""Weight decay (L2 regularization) hook."""
from chainer import cuda
from chainer.optimizer_hooks import _common


class WeightDecay(object):
    """Optimizer hook for weight decay (L2) regularization: ``g <- g + rate * w``.

    Added to an optimizer it acts on every parameter with a gradient; added to one
    parameter's update rule (``param.update_rule.add_hook``) on that parameter.

    Args:
        rate (float): coefficient of the weight decay, 0 or more (a negative one
            raises ValueError: it would push the weights away from 0).

    Attributes:
        timing (str): ``'pre'``: runs before the update.
    """

    name = 'WeightDecay'
    timing = 'pre'
    call_for_each_param = False

    def __init__(self, rate):
        self.rate = _common.check_non_negative(
            rate, 'rate', 'WeightDecay', 'a negative rate pushes the weights away from 0')

    def __call__(self, opt_or_rule, param=None):
        """Adds ``rate * w`` to the gradient(s).

        Args:
            opt_or_rule: the optimizer (all its parameters) or an update rule.
            param: the parameter, when called by an update rule.
        """
        for p in _common.targets(opt_or_rule, param):
            data = p.data
            with cuda.get_device(data):
                p.grad += data.dtype.type(self.rate) * data
