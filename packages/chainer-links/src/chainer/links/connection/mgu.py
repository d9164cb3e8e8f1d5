"""Minimal gated units (Chainer v2+): ``L.StatelessMGU`` and ``L.StatefulMGU``."""
import chainer
import chainer.functions as F
from chainer import initializers
from chainer import link
from chainer import variable
from chainer.links import _args
from chainer.links.connection import _state
from chainer.links.connection import linear


class MGUBase(link.Chain):
    """The two connections of a minimal gated unit (Zhou et al., 2016, `Minimal Gated
    Unit for Recurrent Neural Networks <https://arxiv.org/abs/1603.09420>`_): ``W_f``
    and ``W_h``, each reading the concatenation ``[h, x]``.

    Args:
        in_size (int): Dimension of the input ``x``.
        out_size (int): Dimension of the hidden vector ``h``.

    The parameters take ``chainer.config.dtype`` (float32 unless configured); the
    weights are drawn from N(0, 1/fan_in) and the biases are 0.
    """

    def __init__(self, in_size, out_size):
        in_size = _args.positive_int(in_size, 'in_size')
        out_size = _args.positive_int(out_size, 'out_size')
        super(MGUBase, self).__init__()
        dtype = chainer.get_dtype()
        with self.init_scope():
            for name in ('W_f', 'W_h'):
                setattr(self, name, linear.Linear(
                    in_size + out_size, out_size,
                    initialW=initializers.LeCunNormal(dtype=dtype),
                    initial_bias=initializers.Constant(0, dtype=dtype)))
        self.state_size = out_size

    def _step(self, h, x):
        """``f = sigma(W_f [h, x])``, ``h' = f tanh(W_h [f h, x]) + (1 - f) h``."""
        f = F.sigmoid(self.W_f(F.concat((h, x), axis=1)))
        h_bar = F.tanh(self.W_h(F.concat((f * h, x), axis=1)))
        return f * h_bar + (1 - f) * h


class StatelessMGU(MGUBase):
    """Stateless minimal gated unit: ``mgu(h, x)`` returns the next hidden vector

    .. math::
        f = \\sigma(W_f [h; x] + b_f), \\quad
        \\bar{h} = \\tanh(W_h [f \\odot h; x] + b_h), \\quad
        h' = f \\odot \\bar{h} + (1 - f) \\odot h.

    Args:
        in_size (int): Dimension of the input ``x``.
        out_size (int): Dimension of the hidden vector ``h``.
    """

    def forward(self, h, x):
        """Returns the next hidden vector given ``h`` and ``x``."""
        return self._step(h, x)


class StatefulMGU(MGUBase):
    """Stateful minimal gated unit: :class:`StatelessMGU` holding its hidden vector
    (zeros before the first call or after :meth:`reset_state`).

    Args:
        in_size (int): Dimension of the input ``x``.
        out_size (int): Dimension of the hidden vector ``h``.

    Attributes:
        h (~chainer.Variable): The hidden vector (the state).
    """

    def __init__(self, in_size, out_size):
        super(StatefulMGU, self).__init__(in_size, out_size)
        self.reset_state()

    def reset_state(self):
        """Resets the state: sets None to ``h``."""
        self.h = None

    def set_state(self, h):
        """Sets the hidden vector ``h`` (a Variable)."""
        self.h = _state.check_state(h, 'h')

    def forward(self, x):
        """Updates the hidden vector from the input ``x`` and returns it."""
        h = _state.on_link_device(self, self.h)
        if h is None:
            h = variable.Variable(
                self.xp.zeros((x.shape[0], self.state_size), dtype=self.W_f.W.dtype),
                requires_grad=False)
        self.h = self._step(h, x)
        return self.h
