"""Stacked GRUs over variable-length sequences: ``n_step_gru`` and ``n_step_bigru``
(Chainer v1.24), on the shared driver of ``_n_step_rnn``."""
from chainer.functions.connection import _n_step_args
from chainer.functions.connection import _n_step_rnn
from chainer.functions.connection import n_step_rnn


class NStepGRU(n_step_rnn.BaseNStepRNN):
    """Stacked unidirectional GRU Function (see :func:`n_step_gru`)."""

    def __init__(self, n_layers, dropout_ratio, train=None, use_cudnn=None):
        super(NStepGRU, self).__init__(n_layers, dropout_ratio, 'uni', 'gru', train,
                                       use_cudnn)


class NStepBiGRU(n_step_rnn.BaseNStepRNN):
    """Stacked bidirectional GRU Function (see :func:`n_step_bigru`)."""

    def __init__(self, n_layers, dropout_ratio, train=None, use_cudnn=None):
        super(NStepBiGRU, self).__init__(n_layers, dropout_ratio, 'bi', 'gru', train,
                                         use_cudnn)


# the arguments after xs: v1's, and v2+'s
_V1_ARGS = ('train', 'use_cudnn', 'use_bi_direction')
_V2_ARGS = ('use_bi_direction',)


def n_step_gru_base(n_layers, dropout_ratio, hx, ws, bs, xs, *args, **kwargs):
    """:func:`n_step_gru` (``use_bi_direction=False``) or :func:`n_step_bigru`
    (``True``); the other arguments are theirs.

    Takes v1's ``(..., xs, train, use_cudnn, use_bi_direction)``
    or v2+'s ``(..., xs, use_bi_direction)`` (see :mod:`._n_step_args`).
    """
    bound = _n_step_args.bind(args, kwargs, _V1_ARGS, _V2_ARGS)
    train = bound['train']
    use_cudnn = bound['use_cudnn']
    use_bi_direction = bound['use_bi_direction']
    _n_step_rnn.check_params(n_layers, ws, bs, 6, use_bi_direction, 'six')
    cls = NStepBiGRU if use_bi_direction else NStepGRU
    func = cls(n_layers, dropout_ratio, train, use_cudnn)
    return _n_step_rnn.n_step_call(func, (hx,), ws, bs, xs)


def n_step_gru(n_layers, dropout_ratio, hx, ws, bs, xs, train=None, use_cudnn=None):
    """Stacked unidirectional GRU over sequences.

    For each layer and time step ``t`` (the input of layer ``k > 0`` is the output of
    layer ``k - 1``, to which dropout applies when ``train``):

    .. math::
        r_t &= \\sigma(W_0 x_t + W_3 h_{t-1} + b_0 + b_3) \\\\
        z_t &= \\sigma(W_1 x_t + W_4 h_{t-1} + b_1 + b_4) \\\\
        h'_t &= \\tanh(W_2 x_t + b_2 + r_t \\cdot (W_5 h_{t-1} + b_5)) \\\\
        h_t &= (1 - z_t) \\cdot h'_t + z_t \\cdot h_{t-1}

    Sequences of different lengths are given sorted by decreasing length and
    transposed (see ``transpose_sequence``): ``xs[t]`` holds the ``B_t`` sequences
    still running at time ``t``, ``B_t >= B_{t+1}``.

    Args:
        n_layers (int): Number of layers ``S``.
        dropout_ratio (float): Dropout ratio in ``[0, 1)``.
        hx (~chainer.Variable): Initial hidden states, shape ``(S, B, N)``.
        ws (list of lists of ~chainer.Variable): ``ws[k][j]`` is ``W_j`` of layer
            ``k``; ``ws[0][0..2]`` are ``(N, I)``, the others ``(N, N)``.
        bs (list of lists of ~chainer.Variable): ``bs[k][j]`` is ``b_j``, ``(N,)``.
        xs (list of ~chainer.Variable): ``xs[t]`` of shape ``(B_t, I)``.
        train (bool or None): Apply dropout (None: ``chainer.config.train``).
        use_cudnn (bool or None): Accepted for compatibility.

    Returns:
        tuple: ``(hy, ys)``: the final hidden states (shape of ``hx``) and the tuple of
        the last layer's outputs ``ys[t]`` of shape ``(B_t, N)``.
    """
    return n_step_gru_base(n_layers, dropout_ratio, hx, ws, bs, xs, train, use_cudnn,
                           use_bi_direction=False)


def n_step_bigru(n_layers, dropout_ratio, hx, ws, bs, xs, train=None, use_cudnn=None):
    """Stacked bidirectional GRU over sequences.

    Each layer runs a forward GRU (weights ``ws[2k]``) over ``t = 0..T-1`` and a
    backward one (``ws[2k + 1]``) over ``t = T-1..0``, each with the formulas of
    :func:`n_step_gru`; its output at ``t`` is ``[h^f_t; h^b_t]`` (width ``2N``), the
    input of the next layer. ``hx[2k]`` and ``hx[2k + 1]`` are their initial states.

    Args:
        n_layers (int): Number of layers ``S``.
        dropout_ratio (float): Dropout ratio in ``[0, 1)``.
        hx (~chainer.Variable): Initial hidden states, shape ``(2S, B, N)``.
        ws (list of lists of ~chainer.Variable): ``2S`` lists of six weights;
            ``W_0..W_2`` are ``(N, I)`` in the first layer, ``(N, 2N)`` above;
            ``W_3..W_5`` are ``(N, N)``.
        bs (list of lists of ~chainer.Variable): ``2S`` lists of six biases.
        xs (list of ~chainer.Variable): ``xs[t]`` of shape ``(B_t, I)``.
        train (bool or None): Apply dropout (None: ``chainer.config.train``).
        use_cudnn (bool or None): Accepted for compatibility.

    Returns:
        tuple: ``(hy, ys)``: the final hidden states (shape of ``hx``) and the tuple of
        the last layer's outputs ``ys[t]`` of shape ``(B_t, 2N)``.
    """
    return n_step_gru_base(n_layers, dropout_ratio, hx, ws, bs, xs, train, use_cudnn,
                           use_bi_direction=True)
