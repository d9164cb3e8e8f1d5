"""The stacked LSTM links over variable-length sequences: ``L.NStepLSTM``
and ``L.NStepBiLSTM`` (Chainer v1.24)."""
from chainer.functions.connection import n_step_lstm as rnn
from chainer.links.connection import n_step_rnn


class NStepLSTMBase(n_step_rnn.NStepBase):
    """Stacked LSTM link (:func:`~chainer.functions.n_step_lstm` or, with
    ``use_bi_direction``, :func:`~chainer.functions.n_step_bilstm`).

    Each unit (a child link per layer and direction) holds ``w0..w3`` (input,
    ``(out_size, in)``; ``in`` is ``in_size`` in the first layer, ``out_size * D``
    above), ``w4..w7`` (``(out_size, out_size)``) and ``b0..b7``: v1's layout, so
    v1-trained weights load and give v1's results.

    Args:
        n_layers (int): Number of layers.
        in_size (int): Dimension of the input vectors.
        out_size (int): Dimension of the hidden states.
        dropout (float): Dropout ratio of the inputs of the layers above the first.
        use_cudnn (bool or None): Accepted for compatibility.
        use_bi_direction (bool): Bidirectional.
        initialW: Initializer, scalar or array of every weight (v2+; None:
            N(0, 1/fan_in) as in v1).
        initial_bias: Initializer, scalar or array of every bias (v2+; None: 0).
    """

    n_weights = 8
    n_states = 2

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn,
                 use_bi_direction, initialW=None, initial_bias=None):
        super(NStepLSTMBase, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, use_bi_direction,
            initialW, initial_bias)
        self.rnn = rnn.n_step_bilstm if use_bi_direction else rnn.n_step_lstm

    def _function(self, hx, cx, ws, bs, xs, train):
        return self.rnn(self.n_layers, self.dropout, hx, cx, ws, bs, xs, train=train,
                        use_cudnn=self.use_cudnn)

    def forward(self, hx, cx, xs, train=None):
        """Computes the stacked LSTM over a batch of sequences.

        The sequences may have different lengths and come in any order: they are
        sorted by decreasing length and transposed to time-major for the function,
        and the results are put back in the order given.

        Args:
            hx (~chainer.Variable): Initial hidden states
                ``(n_layers * D, B, out_size)`` (None: zeros).
            cx (~chainer.Variable): Initial cell states, same shape (None: zeros).
            xs (list of ~chainer.Variable): ``B`` sequences, ``xs[i]`` of shape
                ``(L_i, in_size)``.
            train (bool or None): Apply dropout (None: ``chainer.config.train``).

        Returns:
            tuple: ``(hy, cy, ys)``: the final hidden and cell states and the list of
            output sequences, ``ys[i]`` of shape ``(L_i, D * out_size)``.
        """
        return self._run([hx, cx], xs, train)


class NStepLSTM(NStepLSTMBase):
    """Stacked unidirectional LSTM for sequences (see :class:`NStepLSTMBase`)."""

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=None, *,
                 initialW=None, initial_bias=None):
        super(NStepLSTM, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, False,
            initialW, initial_bias)


class NStepBiLSTM(NStepLSTMBase):
    """Stacked bidirectional LSTM for sequences (see :class:`NStepLSTMBase`)."""

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=None, *,
                 initialW=None, initial_bias=None):
        super(NStepBiLSTM, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, True,
            initialW, initial_bias)
