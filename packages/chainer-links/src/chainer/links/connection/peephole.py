"""The fully-connected LSTM with peephole connections ``L.StatefulPeepholeLSTM``."""
import chainer.functions as F
from chainer import link
from chainer.links import _args
from chainer.links.connection import _state
from chainer.links.connection import linear


class StatefulPeepholeLSTM(link.Chain):
    """Fully-connected LSTM layer with peephole connections, holding its state.

    With ``z = upward(x) + lateral(h)`` split per unit into ``(z_a, z_i, z_f, z_o)``
    (the interleaved gate layout of :func:`chainer.functions.lstm`):

    .. math::
        a &= \\tanh(z_a), \\quad i = \\sigma(z_i + peep_i(c)),
        \\quad f = \\sigma(z_f + peep_f(c)), \\\\
        c' &= a \\odot i + f \\odot c, \\quad o = \\sigma(z_o + peep_o(c')),
        \\quad h' = o \\odot \\tanh(c').

    Args:
        in_size (int): Dimension of the input vector x.
        out_size (int): Dimension of the hidden vector h.

    Attributes:
        upward (~chainer.links.Linear): Upward connections.
        lateral (~chainer.links.Linear): Lateral connections.
        peep_i, peep_f, peep_o (~chainer.links.Linear): Peephole connections to the
            input, forget and output gates.
        c (~chainer.Variable): Cell states of LSTM units.
        h (~chainer.Variable): Output at the current time step.
    """

    def __init__(self, in_size, out_size):
        out_size = _args.positive_int(out_size, 'out_size')
        super(StatefulPeepholeLSTM, self).__init__(
            upward=linear.Linear(in_size, 4 * out_size),
            lateral=linear.Linear(out_size, 4 * out_size, nobias=True),
            peep_i=linear.Linear(out_size, out_size, nobias=True),
            peep_f=linear.Linear(out_size, out_size, nobias=True),
            peep_o=linear.Linear(out_size, out_size, nobias=True))
        self.state_size = out_size
        self.reset_state()

    def reset_state(self):
        """Resets the internal states: sets None to ``c`` and ``h``."""
        self.c = self.h = None

    def forward(self, x):
        """Updates the internal state and returns the LSTM outputs.

        Args:
            x (~chainer.Variable): A new batch from the input sequence.

        Returns:
            ~chainer.Variable: Outputs of the updated LSTM units.
        """
        lstm_in = self.upward(x)
        h = _state.on_link_device(self, self.h)
        c = _state.on_link_device(self, self.c)
        if h is not None:
            lstm_in += self.lateral(h)
        if c is None:
            c = _state.zeros_state(self, x.shape[0], self.state_size, lstm_in.dtype)
        gates = F.reshape(lstm_in, (lstm_in.shape[0], self.state_size, 4))
        a, i, f, o = (F.reshape(g, (lstm_in.shape[0], self.state_size))
                      for g in F.split_axis(gates, 4, axis=2))
        a = F.tanh(a)
        i = F.sigmoid(i + self.peep_i(c))
        f = F.sigmoid(f + self.peep_f(c))
        self.c = a * i + f * c
        o = F.sigmoid(o + self.peep_o(self.c))
        self.h = o * F.tanh(self.c)
        return self.h
