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

    def __init__(self, dropout_ratio, mask=None):
        if not 0.0 <= dropout_ratio < 1.0:
            raise ValueError(
                'ratio (the dropout ratio) must be in [0, 1), got {}'.format(dropout_ratio))
        self.dropout_ratio = dropout_ratio
        self.mask = mask

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

    # The backward is linear in the output gradient and works on Variables too (the
    # mask is a constant), so a double backprop differentiates it.
    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        return utils.force_array(grad_outputs[0] * self.mask),


def dropout(x, ratio=.5, train=None, **kwargs):
    """dropout(x, ratio=.5, train=None, *, mask=None, return_mask=False)

    Drops elements of the input variable randomly.

    Each element is zeroed with probability ``ratio`` and the remaining ones are
    scaled by :math:`1 / (1 - ratio)`:

    .. math:: y = \\frac{m \\odot x}{1 - ratio}, \\quad m_i \\sim Bernoulli(1 - ratio)

    In testing mode it does nothing and returns ``x``. The mode is ``train`` when
    given (Chainer v1's argument), else ``chainer.config.train`` (v2 and later).

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        ratio (float): Dropout ratio, in ``[0, 1)``.
        train (bool or None): True: executes dropout; False: does nothing; None
            (default): ``chainer.config.train`` decides.
        mask (array): The scaled mask to multiply ``x`` by (the mask a previous call
            returned), instead of a random one; ``ratio`` is then ignored.
        return_mask (bool): If True, returns the mask used too (None in testing
            mode).

    Returns:
        ~chainer.Variable or tuple: Output variable (``x`` itself when not training;
        an array ``x`` is wrapped into a variable), and with ``return_mask`` the
        pair ``(output, mask)``.
    """
    mask = return_mask = None
    if kwargs:
        mask = kwargs.pop('mask', None)
        return_mask = kwargs.pop('return_mask', False)
        if kwargs:
            raise TypeError('dropout() got unexpected keyword argument(s) {}'.format(
                ', '.join(sorted(kwargs))))
    if train is None:
        train = chainer.config.train
    if train:
        func = Dropout(ratio, mask)
        out = func(x)
        mask = func.mask
    else:
        out = x if isinstance(x, chainer.Variable) else chainer.Variable(
            x, volatile=flag.AUTO)
        mask = None
    if return_mask:
        return out, mask
    return out
