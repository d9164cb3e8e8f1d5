"""Gradient clipping by the global L2 norm."""
import math

from chainer import cuda
from chainer.optimizer_hooks import _common


class GradientClipping(object):
    """Optimizer hook that rescales all gradients to an L2 norm of at most
    ``threshold``: ``g <- g * min(1, threshold / ||g||)``, the norm taken over all
    gradients of the optimizer's target together.

    Args:
        threshold (float): the L2 norm threshold, 0 or more (0 zeroes every
            gradient; a negative one raises ValueError: it would flip the
            gradients).
    """

    name = 'GradientClipping'
    timing = 'pre'

    def __init__(self, threshold):
        self.threshold = _common.check_non_negative(
            threshold, 'threshold', 'GradientClipping',
            'a negative threshold flips the gradients, and the update ascends')

    def __call__(self, opt):
        """Scales every gradient of ``opt.target`` by ``threshold / norm`` when the
        norm of all of them exceeds ``threshold``.

        Args:
            opt (Optimizer): the optimizer calling the hook.
        """
        params = list(_common.params_with_grad(opt))
        norm = math.sqrt(_common.sum_sqnorm(p.grad for p in params))
        if norm == 0.0:
            return
        rate = self.threshold / norm
        if rate < 1:
            for param in params:
                with cuda.get_device(param.grad):
                    param.grad *= param.grad.dtype.type(rate)
