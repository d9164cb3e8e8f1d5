"""Stacked GRU links over variable-length sequences (Chainer v1.24): ``NStepGRU``
and ``NStepBiGRU``."""
from chainer.functions.connection import n_step_gru as rnn
from chainer.links.connection import n_step_rnn


class NStepGRUBase(n_step_rnn._HiddenStateStack):
    """Stacked GRU link (:func:`~chainer.functions.n_step_gru` or, with
    ``use_bi_direction``, :func:`~chainer.functions.n_step_bigru`).

    Each unit holds ``w0..w2`` (input, ``(out_size, in)``; ``in`` is ``in_size`` in
    the first layer, ``out_size * D`` above), ``w3..w5`` (``(out_size, out_size)``)
    and ``b0..b5``.

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

    n_weights = 6

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn,
                 use_bi_direction, initialW=None, initial_bias=None):
        super(NStepGRUBase, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, use_bi_direction,
            initialW, initial_bias)
        self.rnn = rnn.n_step_bigru if use_bi_direction else rnn.n_step_gru

    def _function(self, hx, ws, bs, xs, train):
        return self.rnn(self.n_layers, self.dropout, hx, ws, bs, xs, train=train,
                        use_cudnn=self.use_cudnn)


class NStepGRU(NStepGRUBase):
    """Stacked unidirectional GRU for sequences (see :class:`NStepGRUBase`)."""

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=None, *,
                 initialW=None, initial_bias=None):
        super(NStepGRU, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, False,
            initialW, initial_bias)


class NStepBiGRU(NStepGRUBase):
    """Stacked bidirectional GRU for sequences (see :class:`NStepGRUBase`)."""

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=None, *,
                 initialW=None, initial_bias=None):
        super(NStepBiGRU, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, True,
            initialW, initial_bias)
