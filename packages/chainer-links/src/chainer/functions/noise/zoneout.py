"""Zoneout: ``F.zoneout`` (Krueger et al., 2016, https://arxiv.org/abs/1606.01305)."""
from chainer import configuration
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions import _type_checks
from chainer.utils import type_check


class Zoneout(function.Function):
    """Keeps each element of the previous state ``h`` with probability
    ``zoneout_ratio``, else takes the new value ``x``.

    The masks :attr:`flag_h` and :attr:`flag_x` (booleans, complementary) are drawn
    on the first forward and kept: applying the same instance again reuses them.
    """

    def __init__(self, zoneout_ratio):
        self.zoneout_ratio = zoneout_ratio
        self.flag_h = self.flag_x = None

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        h, x = inputs
        if self.flag_x is None:
            xp = cuda.get_array_module(x)
            self.flag_x = xp.random.rand(*x.shape) >= self.zoneout_ratio
            self.flag_h = ~self.flag_x
        return utils.force_array(h * self.flag_h + x * self.flag_x, x.dtype),

    # The backward is linear in the output gradient and works on Variables too, so a
    # double backprop differentiates it.
    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        gy, = grad_outputs
        dtype = inputs[1].dtype
        if isinstance(gy, variable.Variable):
            return gy * self.flag_h.astype(dtype), gy * self.flag_x.astype(dtype)
        return (utils.force_array(gy * self.flag_h, dtype),
                utils.force_array(gy * self.flag_x, dtype))


def zoneout(h, x, ratio=.5, train=None):
    """Zoneout: each element keeps its previous value with probability ``ratio``.

    .. math:: y_i = m_i h_i + (1 - m_i) x_i, \\quad m_i \\sim Bernoulli(ratio)

    In testing mode it does nothing and returns ``x``. The mode is ``train`` when
    given (Chainer v1's argument), else ``chainer.config.train`` (v2 and later).

    Args:
        h (~chainer.Variable): previous value (e.g. the previous hidden state).
        x (~chainer.Variable): new value, of the shape and dtype of ``h``.
        ratio (float): probability of keeping the previous value.
        train (bool or None): True: executes zoneout; False: returns ``x``; None
            (default): ``chainer.config.train`` decides.

    Returns:
        ~chainer.Variable: output variable.
    """
    if train is None:
        train = configuration.config.train
    if train:
        return Zoneout(ratio)(h, x)
    return x

