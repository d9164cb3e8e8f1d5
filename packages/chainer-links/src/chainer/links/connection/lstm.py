"""Fully-connected LSTM layers: the stateful ``L.LSTM`` and ``L.StatelessLSTM``."""
import numpy

import chainer.functions as F
from chainer import initializers
from chainer import link
from chainer.links import _args
from chainer.links import _errors
from chainer.links.connection import _state
from chainer.functions.activation import _fused_lstm
from chainer.links.connection import linear


class _GateBlocks(object):
    """Fills a ``(4 n, m)`` weight block by block (one ``(n, m)`` block per gate)."""

    def __init__(self, initializer):
        self.initializer = initializer

    def __call__(self, array):
        n = array.shape[0] // 4
        for k in range(4):
            initializers.init_weight(array[k * n:(k + 1) * n], self.initializer)


class _GateBias(object):
    """Fills an LSTM bias of length ``4 n``: the ``a``, ``i``, ``o`` entries with
    ``bias_init`` and the forget-gate entries with ``forget_bias_init``.

    The gates are interleaved per unit as :func:`chainer.functions.lstm` reads them
    (the bias viewed as ``(n, 4)`` holds ``a, i, f, o`` per unit).
    """

    def __init__(self, bias_init, forget_bias_init):
        self.inits = (bias_init, bias_init, forget_bias_init, bias_init)

    def __call__(self, array):
        gates = array.reshape(-1, 4)
        for k, init in enumerate(self.inits):
            initializers.init_weight(gates[:, k], init)


class LSTMBase(link.Chain):
    """The upward and lateral connections of a fully-connected LSTM layer.

    Args:
        in_size (int or None): Dimension of input vectors (None: on the first call).
            Given alone (``LSTMBase(n)``, v2+), it is ``out_size`` and the input
            size is found on the first call.
        out_size (int): Dimension of output (hidden) vectors.
        lateral_init: Initializer of each gate block of the lateral weight.
        upward_init: Initializer of each gate block of the upward weight.
        bias_init: Initializer (or scalar) of the cell input, input and output gate
            biases (None: 0).
        forget_bias_init: Initializer (or scalar) of the forget gate biases (None:
            1, the default of Chainer v2+; v1 started them at 0).

    Attributes:
        state_size (int): ``out_size``.
        lateral_init, upward_init, bias_init, forget_bias_init: the constructor's
            arguments, kept as attributes as in v1.
    """

    def __init__(self, in_size, out_size=None, lateral_init=None, upward_init=None,
                 bias_init=None, forget_bias_init=None):
        if out_size is None:  # v2+'s LSTM(out_size): the input size comes later
            in_size, out_size = None, in_size
        if bias_init is None:
            bias_init = 0
        if forget_bias_init is None:
            forget_bias_init = 1
        out_size = _args.positive_int(out_size, 'out_size')
        super(LSTMBase, self).__init__(
            upward=linear.Linear(in_size, 4 * out_size,
                                 initialW=_GateBlocks(upward_init),
                                 initial_bias=_GateBias(bias_init, forget_bias_init)),
            lateral=linear.Linear(out_size, 4 * out_size,
                                  initialW=_GateBlocks(lateral_init), nobias=True))
        self.state_size = out_size
        self.lateral_init = lateral_init
        self.upward_init = upward_init
        self.bias_init = bias_init
        self.forget_bias_init = forget_bias_init

    def _step(self, c, h, x):
        """``lstm(c, upward(x) + lateral(h))``; ``c`` and ``h`` may be None (zeros, no
        lateral term) and ``c`` may hold more rows than ``x`` (they pass through).

        On the host, when ``c`` and ``h`` have the batch size of ``x``, this runs as one
        fused function node (:mod:`chainer.functions.activation._fused_lstm`: the same
        values and gradients with a third of the nodes and contiguous gate arithmetic);
        otherwise, and on a GPU, as the composition of separate nodes.
        """
        batch = x.shape[0]
        if (batch > 0 and (c is None or c.shape[0] == batch) and
                (h is None or h.shape[0] == batch) and self._fusable()):
            W, b = self.upward._params_for(x)
            if c is None:
                c = _state.zeros_state(self, batch, self.state_size, W.dtype)
            if h is None:
                return _fused_lstm.fused_lstm(c, x, W, b)
            return _fused_lstm.fused_lstm(c, x, W, b, h, self.lateral.W)
        lstm_in = self.upward(x)
        if h is not None and batch > 0:
            lstm_in += self.lateral(h)
        if c is None:
            c = _state.zeros_state(self, batch, self.state_size, lstm_in.dtype)
        return F.lstm(c, lstm_in)

    def _fusable(self):
        """Whether the fused host step applies: numpy parameters, an upward bias and
        no lateral one (the layout every LSTMBase is built with)."""
        return (self.xp is numpy and self.upward.b is not None and
                self.lateral.b is None)


class StatelessLSTM(LSTMBase):
    """Fully-connected LSTM layer that keeps no state.

    Computes ``c_new, h_new = lstm(c, upward(x) + lateral(h))`` (see
    :func:`chainer.functions.lstm`).

    Args:
        in_size (int or None): Dimensionality of input vectors (None: on the first
            call). Given alone (``StatelessLSTM(n)``, v2+), it is ``out_size``.
        out_size (int): Dimensionality of output vectors.
        lateral_init, upward_init, bias_init, forget_bias_init: see :class:`LSTM`.

    Attributes:
        upward (~chainer.links.Linear): Linear layer of upward connections.
        lateral (~chainer.links.Linear): Linear layer of lateral connections.
    """

    def forward(self, c, h, x):
        """Returns the new cell state and the updated output of the LSTM.

        Args:
            c (~chainer.Variable): Cell states (None: zeros).
            h (~chainer.Variable): Output at the previous time step (None: no lateral
                contribution).
            x (~chainer.Variable): A new batch from the input sequence.

        Returns:
            tuple: ``(c_new, h_new)``.
        """
        return self._step(c, h, x)


class LSTM(LSTMBase):
    """Fully-connected LSTM layer holding its state (cell ``c``, output ``h``).

    Each call computes ``c, h = lstm(c, upward(x) + lateral(h))``. Variable-length
    batches: the batch of ``x`` may be smaller than the previous one (sequences
    sorted by decreasing length); then only ``c[:len(x)]`` and ``h[:len(x)]`` are
    updated and the rest is kept.

    Args:
        in_size (int or None): Dimensionality of input vectors (None: on the first
            call). Given alone (``LSTM(n)``, v2+), it is ``out_size`` and the input
            size is found on the first call.
        out_size (int): Dimensionality of output vectors.
        lateral_init: Initializer of the lateral connections (per gate block).
        upward_init: Initializer of the upward connections (per gate block).
        bias_init: Initializer or scalar of the biases of the cell input, input gate
            and output gate (None: 0).
        forget_bias_init: Initializer or scalar of the forget gate biases (None: 1,
            Chainer v2+'s default; Chainer v1 started them at 0, so pass
            ``forget_bias_init=0`` to get v1's initial values).

    Attributes:
        upward (~chainer.links.Linear): Linear layer of upward connections.
        lateral (~chainer.links.Linear): Linear layer of lateral connections.
        c (~chainer.Variable): Cell states of LSTM units.
        h (~chainer.Variable): Output at the previous time step.
    """

    def __init__(self, in_size, out_size=None, lateral_init=None, upward_init=None,
                 bias_init=None, forget_bias_init=None):
        super(LSTM, self).__init__(in_size, out_size, lateral_init, upward_init,
                                   bias_init, forget_bias_init)
        self.reset_state()

    def reset_state(self):
        """Resets the internal state: sets None to ``c`` and ``h``."""
        self.c = self.h = None

    def set_state(self, c, h):
        """Sets the internal state.

        Args:
            c (~chainer.Variable): New cell states of LSTM units.
            h (~chainer.Variable): New output at the previous time step.
        """
        self.c = _state.check_state(c, 'c')
        self.h = _state.check_state(h, 'h')

    def forward(self, x):
        """Updates the internal state and returns the LSTM outputs.

        Args:
            x (~chainer.Variable): A new batch from the input sequence, no larger
                than the previous one.

        Returns:
            ~chainer.Variable: Outputs of the updated LSTM units.

        Raises:
            BatchSizeError: (a ValueError and, as in v1, a TypeError) when ``x`` has
                more rows than the previous state.
        """
        batch = x.shape[0]
        h = _state.on_link_device(self, self.h)
        c = _state.on_link_device(self, self.c)
        h_rest = None
        if h is not None:
            if batch > h.shape[0]:
                # A ValueError, and the TypeError that v1 raised here.
                raise _errors.BatchSizeError(
                    'the batch size of x ({}) must not exceed the batch size of the '
                    'previous state h ({})'.format(batch, h.shape[0]))
            if batch < h.shape[0]:
                h_rest = h[batch:]
                h = h[:batch]
        self.c, y = self._step(c, h, x)
        if h_rest is None:
            self.h = y
        elif batch == 0:
            self.h = h_rest
        else:
            self.h = F.concat((y, h_rest), axis=0)
        return y
