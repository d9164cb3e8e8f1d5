"""Weight standardization (Qiao et al., 2019), Chainer v7's
``chainer.link_hooks.WeightStandardization``."""
import chainer.functions as F
from chainer.link_hooks import _weight_hook


class WeightStandardization(_weight_hook.WeightHook):
    """Link hook standardizing a link's weight before each forward computation: every
    output unit's weights (``W[i]``, all axes but the first) get zero mean and unit
    variance, ``(W[i] - mean) / sqrt(var + eps)`` (biased variance). Meant for
    convolutions followed by group or batch normalization; it works on any link whose
    weight has an output axis first (linear, embeddings, N-d convolutions).

    Register it with ``link.add_hook(hook)``; within the forward computation
    ``link.W`` is the standardized Variable, afterwards the parameter again.

    Args:
        eps (float): added to the variance.
        weight_name (str): the attribute of the link holding the weight.
        name (str or None): the hook's name (default ``'WeightStandardization'``).
    """

    name = 'WeightStandardization'

    def __init__(self, *, eps=1e-5, weight_name='W', name=None):
        super(WeightStandardization, self).__init__(weight_name, name)
        self.eps = eps

    def _transform(self, link, weight):
        rows = F.reshape(weight, (weight.shape[0], -1))
        centered = rows - F.broadcast_to(F.mean(rows, axis=1, keepdims=True),
                                         rows.shape)
        variance = F.mean(centered * centered, axis=1, keepdims=True)
        scale = F.broadcast_to((variance + self.eps) ** -0.5, rows.shape)
        return F.reshape(centered * scale, weight.shape)
