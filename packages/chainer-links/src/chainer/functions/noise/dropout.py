"""Dropout: ``F.dropout``."""
import numpy

import chainer
from chainer import cuda
from chainer import flag
from chainer import function
from chainer import utils
from chainer.utils import type_check


class Dropout(function.Function):
    """Zeroes elements with probability ``dropout_ratio`` and rescales the rest.

    The mask is drawn on the first forward and kept: applying the same instance
    again reuses it (which is what a gradient check needs).
    """

    def __init__(self, dropout_ratio):
        if not 0.0 <= dropout_ratio < 1.0:
            raise ValueError(
                'ratio (the dropout ratio) must be in [0, 1), got {}'.format(dropout_ratio))
        self.dropout_ratio = dropout_ratio
        self.mask = None

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        if self.mask is None:
            xp = cuda.get_array_module(x)
            if xp is not numpy:
                # One kernel draws the scaled mask in x's dtype; y = x * mask.
                y, self.mask = cuda.kernel('dropout_fwd')(x, self.dropout_ratio)
                return y,
            scale = x.dtype.type(1.0 / (1.0 - self.dropout_ratio))
            # Uniform draws in [0, 1) kept with probability 1 - ratio, then the kept
            # ones scaled so that the expectation of the output is x.
            self.mask = (xp.random.rand(*x.shape) >= self.dropout_ratio) * scale
        return utils.force_array(x * self.mask),

    def backward(self, inputs, grad_outputs):
        return utils.force_array(grad_outputs[0] * self.mask),


def dropout(x, ratio=.5, train=True):
    """Drops elements of the input variable randomly.

    Each element is zeroed with probability ``ratio`` and the remaining ones are
    scaled by :math:`1 / (1 - ratio)`:

    .. math:: y = \\frac{m \\odot x}{1 - ratio}, \\quad m_i \\sim Bernoulli(1 - ratio)

    In testing mode (``train=False``) it does nothing and returns ``x``.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        ratio (float): Dropout ratio, in ``[0, 1)``.
        train (bool): If True, executes dropout. Otherwise, does nothing.

    Returns:
        ~chainer.Variable: Output variable (``x`` itself when not training; an array
        ``x`` is wrapped into a variable).
    """
    if train:
        return Dropout(ratio)(x)
    if isinstance(x, chainer.Variable):
        return x
    return chainer.Variable(x, volatile=flag.AUTO)
