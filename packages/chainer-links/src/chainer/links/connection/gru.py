"""Gated recurrent units: the stateless ``L.GRU`` and the stateful
``L.StatefulGRU``."""
import chainer.functions as F
from chainer import link
from chainer.links import _args
from chainer.links.connection import _state
from chainer.links.connection import linear


class GRUBase(link.Chain):
    """The six connections of a GRU: ``W_r, W_z, W`` (input) and ``U_r, U_z, U``
    (hidden), each a :class:`~chainer.links.Linear` with a bias.

    Args:
        n_inputs (int): Dimension of the input vector x.
        n_units (int): Dimension of the hidden vector h.
        init: Initializer of the input weights ``W_r, W_z, W``.
        inner_init: Initializer of the recurrent weights ``U_r, U_z, U``.
        bias_init: Initializer or scalar of all biases.
    """

    def __init__(self, n_inputs, n_units, init=None, inner_init=None, bias_init=0):
        n_units = _args.positive_int(n_units, 'n_units')
        n_inputs = _args.positive_int(n_inputs, 'n_inputs')

        def input_link():
            return linear.Linear(n_inputs, n_units, initialW=init,
                                 initial_bias=bias_init)

        def hidden_link():
            return linear.Linear(n_units, n_units, initialW=inner_init,
                                 initial_bias=bias_init)

        super(GRUBase, self).__init__(
            W_r=input_link(), U_r=hidden_link(), W_z=input_link(),
            U_z=hidden_link(), W=input_link(), U=hidden_link())
        self.state_size = n_units


class GRU(GRUBase):
    """Stateless Gated Recurrent Unit function (GRU).

    Given the previous hidden vector ``h`` and the input ``x``:

    .. math::
        r &= \\sigma(W_r x + U_r h), \\quad z = \\sigma(W_z x + U_z h), \\\\
        \\bar{h} &= \\tanh(W x + U (r \\odot h)), \\quad
        h' = (1 - z) \\odot h + z \\odot \\bar{h}.

    Args:
        n_units (int): Dimension of the hidden vector h.
        n_inputs (int): Dimension of the input vector x (None: ``n_units``).
        init: Initializer of the input weights.
        inner_init: Initializer of the recurrent weights.
        bias_init: Initializer or scalar of the biases.
    """

    def __init__(self, n_units, n_inputs=None, init=None, inner_init=None,
                 bias_init=0):
        if n_inputs is None:
            n_inputs = n_units
        super(GRU, self).__init__(n_inputs, n_units, init, inner_init, bias_init)

    def __call__(self, h, x):
        """Returns the next hidden vector ``h'`` given ``h`` and ``x``."""
        r = F.sigmoid(self.W_r(x) + self.U_r(h))
        z = F.sigmoid(self.W_z(x) + self.U_z(h))
        h_bar = F.tanh(self.W(x) + self.U(r * h))
        return (1 - z) * h + z * h_bar


class StatefulGRU(GRUBase):
    """Stateful Gated Recurrent Unit: a :class:`GRU` that holds its hidden vector.

    Each call computes ``h' `` as :class:`GRU` does from the stored ``h`` and stores
    it; with no stored state (``h`` None) the terms in ``h`` are dropped, i.e.
    ``h' = sigma(W_z x) * tanh(W x)``.

    Args:
        in_size (int): Dimension of the input vector x.
        out_size (int): Dimension of the hidden vector h.
        init: Initializer of the input weights ``W``.
        inner_init: Initializer of the recurrent weights ``U``.
        bias_init: Initializer or scalar of all biases.

    Attributes:
        h (~chainer.Variable): The hidden vector (the state).
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=0):
        in_size = _args.positive_int(in_size, 'in_size')
        out_size = _args.positive_int(out_size, 'out_size')
        super(StatefulGRU, self).__init__(in_size, out_size, init, inner_init,
                                          bias_init)
        self.reset_state()

    def reset_state(self):
        """Resets the state: sets None to ``h``."""
        self.h = None

    def set_state(self, h):
        """Sets the hidden vector ``h`` (a Variable)."""
        self.h = _state.check_state(h, 'h')

    def __call__(self, x):
        """Updates the hidden vector from the input ``x`` and returns it."""
        h = _state.on_link_device(self, self.h)
        z = self.W_z(x)
        h_bar = self.W(x)
        if h is not None:
            r = F.sigmoid(self.W_r(x) + self.U_r(h))
            z += self.U_z(h)
            h_bar += self.U(r * h)
        z = F.sigmoid(z)
        h_new = z * F.tanh(h_bar)
        if h is not None:
            h_new += (1 - z) * h
        self.h = h_new
        return h_new
