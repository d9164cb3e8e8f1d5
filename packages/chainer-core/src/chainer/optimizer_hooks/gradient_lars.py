"""Layer-wise adaptive rate scaling (LARS)."""
from chainer import cuda
from chainer.optimizer_hooks import _common


class GradientLARS(object):
    """Optimizer hook that rescales each parameter's gradient by its own trust
    ratio (You, Gitman and Ginsburg, "Large Batch Training of Convolutional
    Networks").

    For a parameter :math:`w` with gradient :math:`g`:
    :math:`g \\leftarrow r\\,(g + \\lambda w)` where
    :math:`r = \\|w\\| / (\\epsilon + \\|g\\| + \\lambda \\|w\\|)` when
    :math:`\\|w\\| > \\mathrm{threshold}`, else :math:`r = 1`.

    Args:
        threshold (float): weight-norm threshold below which no scaling happens.
        weight_decay (float): coefficient :math:`\\lambda` of the weight decay.
        eps (float): small value in the denominator.
    """

    name = 'GradientLARS'
    timing = 'pre'
    call_for_each_param = False

    def __init__(self, threshold=1e-2, weight_decay=0.0, eps=1e-9):
        self.threshold = _common.check_number(threshold, 'threshold')
        self.weight_decay = _common.check_number(weight_decay, 'weight_decay')
        self.eps = _common.check_number(eps, 'eps')

    def __call__(self, opt_or_rule, param=None):
        """Rescales the gradient(s) in place (see
        :class:`~chainer.optimizer_hooks.WeightDecay` for the arguments)."""
        for p in _common.targets(opt_or_rule, param):
            w, g = p.data, p.grad
            xp = cuda.get_array_module(w)
            with cuda.get_device(w):
                w_norm = float(xp.linalg.norm(w.astype('f', copy=False)))
                g_norm = float(xp.linalg.norm(g.astype('f', copy=False)))
                rate = 1.0
                if w_norm > self.threshold:
                    rate = w_norm / (self.eps + g_norm + self.weight_decay * w_norm)
                g += w.dtype.type(self.weight_decay) * w
                g *= g.dtype.type(rate)
