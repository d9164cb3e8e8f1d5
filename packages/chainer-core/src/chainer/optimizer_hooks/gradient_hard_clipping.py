"""Element-wise gradient clipping."""
from chainer import cuda
from chainer.optimizer_hooks import _common


class GradientHardClipping(object):
    """Optimizer hook that clips every gradient element into
    ``[lower_bound, upper_bound]``.

    Args:
        lower_bound (float): the lower bound.
        upper_bound (float): the upper bound.
    """

    name = 'GradientHardClipping'
    timing = 'pre'
    call_for_each_param = False

    def __init__(self, lower_bound, upper_bound):
        _common.check_number(lower_bound, 'lower_bound')
        _common.check_number(upper_bound, 'upper_bound')
        if lower_bound > upper_bound:
            raise ValueError('lower_bound ({}) must not exceed upper_bound ({})'.format(
                lower_bound, upper_bound))
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def __call__(self, opt_or_rule, param=None):
        """Clips the gradient(s) in place (see
        :class:`~chainer.optimizer_hooks.WeightDecay` for the arguments)."""
        for p in _common.targets(opt_or_rule, param):
            xp = cuda.get_array_module(p.grad)
            with cuda.get_device(p.grad):
                xp.clip(p.grad, self.lower_bound, self.upper_bound, out=p.grad)
