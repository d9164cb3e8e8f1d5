"""Stacked LSTMs over variable-length sequences: ``n_step_lstm`` and
``n_step_bilstm`` (Chainer v1.24), on the shared driver of ``_n_step_rnn``."""
from chainer.functions.connection import _n_step_args
from chainer.functions.connection import _n_step_rnn
from chainer.functions.connection import n_step_rnn


class NStepLSTM(n_step_rnn.BaseNStepRNN):
    """Stacked unidirectional LSTM Function (see :func:`n_step_lstm`).

    Inputs: ``hx, cx``, the ``8 * n_layers`` weights, the ``8 * n_layers`` biases, then
    the ``T`` time steps ``xs[t]`` of shape ``(B_t, I)`` with ``B_t`` non-increasing.
    Outputs: ``hy, cy`` and the ``T`` last-layer hidden states ``ys[t]``.
    """

    def __init__(self, n_layers, dropout_ratio, train=None, use_cudnn=None):
        super(NStepLSTM, self).__init__(n_layers, dropout_ratio, 'uni', 'lstm', train,
                                        use_cudnn)


class NStepBiLSTM(n_step_rnn.BaseNStepRNN):
    """Stacked bidirectional LSTM Function (see :func:`n_step_bilstm`)."""

    def __init__(self, n_layers, dropout_ratio, train=None, use_cudnn=None):
        super(NStepBiLSTM, self).__init__(n_layers, dropout_ratio, 'bi', 'lstm', train,
                                          use_cudnn)


def _lstm(x, h, c, w, b):
    """One step of one LSTM layer of :func:`n_step_lstm`, on Variables (differentiable).

    Code written for Chainer v7 (ChainerRL's tests) steps an ``NStepLSTM`` link's layer
    by hand with this private helper of v7's.

    Args:
        x: the input ``(B, I)``.
        h, c: the previous hidden and cell states ``(B, N)``.
        w: the layer's eight weights (``W_0`` to ``W_3`` ``(N, I)``, ``W_4`` to ``W_7``
            ``(N, N)``), in the gate order of :func:`n_step_lstm`.
        b: the layer's eight biases ``(N,)``.

    Returns:
        tuple: ``(h_new, c_new)``, the next hidden and cell states.
    """
    from chainer.functions.activation.sigmoid import sigmoid
    from chainer.functions.activation.tanh import tanh
    from chainer.functions.connection.linear import linear

    def pre(k):
        return linear(x, w[k], b[k]) + linear(h, w[k + 4], b[k + 4])

    i, f, a, o = sigmoid(pre(0)), sigmoid(pre(1)), tanh(pre(2)), sigmoid(pre(3))
    c_new = f * c + i * a
    return o * tanh(c_new), c_new


# the arguments after xs: v1's, and v2+'s
_V1_ARGS = ('train', 'use_cudnn', 'use_bi_direction')
_V2_ARGS = ('use_bi_direction',)


def n_step_lstm_base(n_layers, dropout_ratio, hx, cx, ws, bs, xs, *args, **kwargs):
    """:func:`n_step_lstm` (``use_bi_direction=False``) or :func:`n_step_bilstm`
    (``True``); the other arguments are theirs.

    Takes v1's ``(..., xs, train, use_cudnn, use_bi_direction)``
    or v2+'s ``(..., xs, use_bi_direction)`` (see :mod:`._n_step_args`).
    """
    bound = _n_step_args.bind(args, kwargs, _V1_ARGS, _V2_ARGS)
    train = bound['train']
    use_cudnn = bound['use_cudnn']
    use_bi_direction = bound['use_bi_direction']
    _n_step_rnn.check_params(n_layers, ws, bs, 8, use_bi_direction, 'eight')
    cls = NStepBiLSTM if use_bi_direction else NStepLSTM
    func = cls(n_layers, dropout_ratio, train, use_cudnn)
    return _n_step_rnn.n_step_call(func, (hx, cx), ws, bs, xs)


def n_step_lstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, train=None, use_cudnn=None):
    """Stacked Long Short-Term Memory function for sequence inputs.

    For each layer and time step ``t`` (the input of layer ``k > 0`` is the hidden state
    of layer ``k - 1``, to which dropout applies when ``train``, as in Chainer v1):

    .. math::
        i_t &= \\sigma(W_0 x_t + W_4 h_{t-1} + b_0 + b_4) \\\\
        f_t &= \\sigma(W_1 x_t + W_5 h_{t-1} + b_1 + b_5) \\\\
        a_t &= \\tanh(W_2 x_t + W_6 h_{t-1} + b_2 + b_6) \\\\
        o_t &= \\sigma(W_3 x_t + W_7 h_{t-1} + b_3 + b_7) \\\\
        c_t &= f_t c_{t-1} + i_t a_t \\\\
        h_t &= o_t \\tanh(c_t)

    This is the gate order Chainer v1 computes with (cuDNN's), so weights trained with
    v1 give the same results; v1's documentation swapped ``o`` and
    ``a``.

    Sequences of different lengths are given sorted by decreasing length and transposed
    (see ``transpose_sequence``): ``xs[t]`` holds the ``B_t`` sequences still running at
    time ``t``, so ``xs[t].shape[0] >= xs[t + 1].shape[0]``; the others keep their state.

    Args:
        n_layers (int): number of layers ``S``.
        dropout_ratio (float): dropout ratio in ``[0, 1)``.
        hx (~chainer.Variable): initial hidden states, shape ``(S, B, N)``.
        cx (~chainer.Variable): initial cell states, shape ``(S, B, N)``.
        ws (list of lists of ~chainer.Variable): ``ws[k][j]`` is ``W_j`` of layer ``k``;
            ``(N, I)`` for ``ws[0][0..3]``, ``(N, N)`` otherwise.
        bs (list of lists of ~chainer.Variable): ``bs[k][j]`` is ``b_j``, shape ``(N,)``.
        xs (list of ~chainer.Variable): ``xs[t]`` of shape ``(B_t, I)``.
        train (bool or None): apply dropout (None: ``chainer.config.train``).
        use_cudnn (bool or None): accepted for compatibility.

    Returns:
        tuple: ``(hy, cy, ys)``: the final hidden and cell states (shape of ``hx``) and the
        tuple of the last layer's hidden states ``ys[t]`` of shape ``(B_t, N)``.
    """
    return n_step_lstm_base(n_layers, dropout_ratio, hx, cx, ws, bs, xs, train,
                            use_cudnn, use_bi_direction=False)


def n_step_bilstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, train=None,
                  use_cudnn=None):
    """Stacked bidirectional LSTM over sequences.

    Each layer runs a forward LSTM (weights ``ws[2k]``) over ``t = 0..T-1`` and a
    backward one (``ws[2k + 1]``) over ``t = T-1..0``, each with the formulas (and v1's
    gate order) of :func:`n_step_lstm`; its output at ``t`` is ``[h^f_t; h^b_t]``
    (width ``2N``), the input of the next layer. ``hx[2k]``/``cx[2k]`` and
    ``hx[2k + 1]``/``cx[2k + 1]`` are their initial states.

    Args:
        n_layers (int): number of layers ``S``.
        dropout_ratio (float): dropout ratio in ``[0, 1)``.
        hx (~chainer.Variable): initial hidden states, shape ``(2S, B, N)``.
        cx (~chainer.Variable): initial cell states, shape ``(2S, B, N)``.
        ws (list of lists of ~chainer.Variable): ``2S`` lists of eight weights;
            ``W_0..W_3`` are ``(N, I)`` in the first layer, ``(N, 2N)`` above;
            ``W_4..W_7`` are ``(N, N)``.
        bs (list of lists of ~chainer.Variable): ``2S`` lists of eight biases.
        xs (list of ~chainer.Variable): ``xs[t]`` of shape ``(B_t, I)``.
        train (bool or None): apply dropout (None: ``chainer.config.train``).
        use_cudnn (bool or None): accepted for compatibility.

    Returns:
        tuple: ``(hy, cy, ys)``: the final states (shapes of ``hx``) and the tuple of
        the last layer's outputs ``ys[t]`` of shape ``(B_t, 2N)``.
    """
    return n_step_lstm_base(n_layers, dropout_ratio, hx, cx, ws, bs, xs, train,
                            use_cudnn, use_bi_direction=True)
