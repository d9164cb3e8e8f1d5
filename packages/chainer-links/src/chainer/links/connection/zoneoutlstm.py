"""Fully-connected LSTM with zoneout: ``L.StatefulZoneoutLSTM``."""
import chainer.functions as F
from chainer import configuration
from chainer import link
from chainer.links import _args
from chainer.links.connection import _state
from chainer.links.connection import linear


class StatefulZoneoutLSTM(link.Chain):
    """Fully-connected LSTM layer holding its state, regularized by zoneout.

    The LSTM update of :class:`~chainer.links.LSTM` gives candidates ``c~`` and
    ``h~``; each unit of the new cell state keeps its previous value with probability
    ``c_ratio`` and each unit of the new output its previous value with probability
    ``h_ratio`` (:func:`chainer.functions.zoneout`):

    .. math::
        c' = zoneout(c, c~), \\qquad h' = zoneout(h, \\sigma(z_o) \\odot \\tanh(c~)).

    Args:
        in_size (int): Dimension of the input vector x.
        out_size (int): Dimension of the hidden vector h.
        c_ratio (float): zoneout ratio of the cell state.
        h_ratio (float): zoneout ratio of the output.
        train (bool): If False, no unit keeps its previous value (a plain LSTM). If
            True (default), zoneout applies unless ``chainer.config.train`` is False.

    Attributes:
        upward (~chainer.links.Linear): Upward connections.
        lateral (~chainer.links.Linear): Lateral connections.
        c (~chainer.Variable): Cell states of LSTM units.
        h (~chainer.Variable): Output at the current time step.
    """

    def __init__(self, in_size, out_size, c_ratio=0.5, h_ratio=0.5, train=True):
        out_size = _args.positive_int(out_size, 'out_size')
        super(StatefulZoneoutLSTM, self).__init__(
            upward=linear.Linear(in_size, 4 * out_size),
            lateral=linear.Linear(out_size, 4 * out_size, nobias=True))
        self.state_size = out_size
        self.c_ratio = c_ratio
        self.h_ratio = h_ratio
        self.train = train
        self.reset_state()

    def set_state(self, c, h):
        """Sets the internal state: the cell states ``c`` and the previous output ``h``
        (Variables, moved to the link's device)."""
        self.c = _state.on_link_device(self, _state.check_state(c, 'c'))
        self.h = _state.on_link_device(self, _state.check_state(h, 'h'))

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
        if h is None:
            h = _state.zeros_state(self, x.shape[0], self.state_size, lstm_in.dtype)
        else:
            lstm_in += self.lateral(h)
        if c is None:
            c = _state.zeros_state(self, x.shape[0], self.state_size, lstm_in.dtype)
        gates = F.reshape(lstm_in, (lstm_in.shape[0], self.state_size, 4))
        a, i, f, o = (F.reshape(g, (lstm_in.shape[0], self.state_size))
                      for g in F.split_axis(gates, 4, axis=2))
        c_new = F.tanh(a) * F.sigmoid(i) + F.sigmoid(f) * c
        h_new = F.sigmoid(o) * F.tanh(c_new)
        train = self.train and configuration.config.train
        self.c = F.zoneout(c, c_new, self.c_ratio, train)
        self.h = F.zoneout(h, h_new, self.h_ratio, train)
        return self.h
