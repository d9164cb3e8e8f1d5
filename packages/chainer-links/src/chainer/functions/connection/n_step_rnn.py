"""Stacked Elman RNNs over variable-length sequences: ``n_step_rnn`` and
``n_step_birnn`` (Chainer v1.24), on the shared driver of ``_n_step_rnn``."""
from chainer.functions.connection import _n_step_args
from chainer.functions.connection import _n_step_rnn

_CELLS = {
    'rnn_tanh': lambda: _n_step_rnn.RNNCell('tanh'),
    'rnn_relu': lambda: _n_step_rnn.RNNCell('relu'),
    'gru': _n_step_rnn.GRUCell,
    'lstm': _n_step_rnn.LSTMCell,
}
_DIRECTIONS = {'uni': False, 'bi': True}


class BaseNStepRNN(_n_step_rnn.NStepRNNFunction):
    """The N-step recurrent Function of a cell kind and direction, named as in v1.

    Args:
        n_layers (int): Number of layers.
        dropout_ratio (float): Dropout ratio of the inputs of the layers above the
            first (v1 passed cuDNN dropout states here; the ratio is what they carried).
        rnn_dir (str): ``'uni'`` or ``'bi'``.
        rnn_mode (str): ``'rnn_tanh'``, ``'rnn_relu'``, ``'gru'`` or ``'lstm'``.
        train (bool or None): Apply dropout (None: ``chainer.config.train``).
        use_cudnn (bool or None): Accepted for compatibility.
    """

    def __init__(self, n_layers, dropout_ratio, rnn_dir, rnn_mode, train=None,
                 use_cudnn=None):
        if rnn_dir not in _DIRECTIONS:
            raise ValueError('Invalid rnn_dir: "{}". Please select from [{}]'.format(
                rnn_dir, ','.join(sorted(_DIRECTIONS))))
        if rnn_mode not in _CELLS:
            raise ValueError('Invalid rnn_mode: "{}". Please select from [{}]'.format(
                rnn_mode, ','.join(sorted(_CELLS))))
        super(BaseNStepRNN, self).__init__(
            _CELLS[rnn_mode](), n_layers, dropout_ratio, _DIRECTIONS[rnn_dir], train,
            use_cudnn)


class NStepRNNTanh(BaseNStepRNN):
    """Stacked unidirectional tanh RNN Function (see :func:`n_step_rnn`)."""

    def __init__(self, n_layers, dropout_ratio, train=None, use_cudnn=None):
        super(NStepRNNTanh, self).__init__(n_layers, dropout_ratio, 'uni', 'rnn_tanh',
                                           train, use_cudnn)


class NStepRNNReLU(BaseNStepRNN):
    """Stacked unidirectional ReLU RNN Function (see :func:`n_step_rnn`)."""

    def __init__(self, n_layers, dropout_ratio, train=None, use_cudnn=None):
        super(NStepRNNReLU, self).__init__(n_layers, dropout_ratio, 'uni', 'rnn_relu',
                                           train, use_cudnn)


class NStepBiRNNTanh(BaseNStepRNN):
    """Stacked bidirectional tanh RNN Function (see :func:`n_step_birnn`)."""

    def __init__(self, n_layers, dropout_ratio, train=None, use_cudnn=None):
        super(NStepBiRNNTanh, self).__init__(n_layers, dropout_ratio, 'bi', 'rnn_tanh',
                                             train, use_cudnn)


class NStepBiRNNReLU(BaseNStepRNN):
    """Stacked bidirectional ReLU RNN Function (see :func:`n_step_birnn`)."""

    def __init__(self, n_layers, dropout_ratio, train=None, use_cudnn=None):
        super(NStepBiRNNReLU, self).__init__(n_layers, dropout_ratio, 'bi', 'rnn_relu',
                                             train, use_cudnn)


_FUNCTIONS = {
    (False, 'tanh'): NStepRNNTanh, (False, 'relu'): NStepRNNReLU,
    (True, 'tanh'): NStepBiRNNTanh, (True, 'relu'): NStepBiRNNReLU,
}


# the arguments after xs: v1's, and v2+'s
_V1_ARGS = ('train', 'use_cudnn', 'activation', 'use_bi_direction')
_V2_ARGS = ('activation', 'use_bi_direction')


def n_step_rnn_base(n_layers, dropout_ratio, hx, ws, bs, xs, *args, **kwargs):
    """:func:`n_step_rnn` (``use_bi_direction=False``) or :func:`n_step_birnn`
    (``True``); the other arguments are theirs.

    Takes v1's ``(..., xs, train, use_cudnn, activation, use_bi_direction)``
    or v2+'s ``(..., xs, activation, use_bi_direction)`` (see :mod:`._n_step_args`).
    """
    bound = _n_step_args.bind(args, kwargs, _V1_ARGS, _V2_ARGS)
    train = bound['train']
    use_cudnn = bound['use_cudnn']
    activation = bound['activation']
    use_bi_direction = bound['use_bi_direction']
    if activation not in ('tanh', 'relu'):
        raise ValueError('Invalid activation: "{}". Please select from [tanh,relu]'
                         .format(activation))
    _n_step_rnn.check_params(n_layers, ws, bs, 2, use_bi_direction, 'two')
    func = _FUNCTIONS[use_bi_direction, activation](n_layers, dropout_ratio, train,
                                                    use_cudnn)
    return _n_step_rnn.n_step_call(func, (hx,), ws, bs, xs)


def n_step_rnn(n_layers, dropout_ratio, hx, ws, bs, xs, train=None, use_cudnn=None,
               activation='tanh'):
    """Stacked unidirectional Elman RNN over sequences.

    For each layer and time step ``t`` (the input of layer ``k > 0`` is the output of
    layer ``k - 1``, to which dropout applies when ``train``):

    .. math::
        h_t = f(W_0 x_t + W_1 h_{t-1} + b_0 + b_1)

    with ``f`` the ``activation``. Sequences of different lengths are given sorted by
    decreasing length and transposed (see ``transpose_sequence``): ``xs[t]`` holds the
    ``B_t`` sequences still running at time ``t``, ``B_t >= B_{t+1}``.

    Args:
        n_layers (int): Number of layers ``S``.
        dropout_ratio (float): Dropout ratio in ``[0, 1)``.
        hx (~chainer.Variable): Initial hidden states, shape ``(S, B, N)``.
        ws (list of lists of ~chainer.Variable): ``ws[k][j]`` is ``W_j`` of layer
            ``k``; ``ws[0][0]`` is ``(N, I)``, the others ``(N, N)``.
        bs (list of lists of ~chainer.Variable): ``bs[k][j]`` is ``b_j``, ``(N,)``.
        xs (list of ~chainer.Variable): ``xs[t]`` of shape ``(B_t, I)``.
        train (bool or None): Apply dropout (None: ``chainer.config.train``).
        use_cudnn (bool or None): Accepted for compatibility.
        activation (str): ``'tanh'`` or ``'relu'``. Chainer v2+ passes it as the
            seventh positional argument, where v1 passed ``train``: a string there
            is the activation.

    Returns:
        tuple: ``(hy, ys)``: the final hidden states (shape of ``hx``) and the tuple of
        the last layer's outputs ``ys[t]`` of shape ``(B_t, N)``.
    """
    if isinstance(train, str):  # v2+ order: (..., xs, activation)
        train, activation = None, train
    return n_step_rnn_base(n_layers, dropout_ratio, hx, ws, bs, xs, train, use_cudnn,
                           activation, use_bi_direction=False)


def n_step_birnn(n_layers, dropout_ratio, hx, ws, bs, xs, train=None, use_cudnn=None,
                 activation='tanh'):
    """Stacked bidirectional Elman RNN over sequences.

    Each layer runs a forward RNN (weights ``ws[2k]``) over ``t = 0..T-1`` and a
    backward one (``ws[2k + 1]``) over ``t = T-1..0``, each with the formula of
    :func:`n_step_rnn`; its output at ``t`` is ``[h^f_t; h^b_t]`` (width ``2N``), the
    input of the next layer. ``hx[2k]`` and ``hx[2k + 1]`` are their initial states.

    Args:
        n_layers (int): Number of layers ``S``.
        dropout_ratio (float): Dropout ratio in ``[0, 1)``.
        hx (~chainer.Variable): Initial hidden states, shape ``(2S, B, N)``.
        ws (list of lists of ~chainer.Variable): ``2S`` lists of ``[W_0, W_1]``;
            ``W_0`` is ``(N, I)`` in the first layer, ``(N, 2N)`` above; ``W_1`` is
            ``(N, N)``.
        bs (list of lists of ~chainer.Variable): ``2S`` lists of ``[b_0, b_1]``.
        xs (list of ~chainer.Variable): ``xs[t]`` of shape ``(B_t, I)``.
        train (bool or None): Apply dropout (None: ``chainer.config.train``).
        use_cudnn (bool or None): Accepted for compatibility.
        activation (str): ``'tanh'`` or ``'relu'``. Chainer v2+ passes it as the
            seventh positional argument, where v1 passed ``train``: a string there
            is the activation.

    Returns:
        tuple: ``(hy, ys)``: the final hidden states (shape of ``hx``) and the tuple of
        the last layer's outputs ``ys[t]`` of shape ``(B_t, 2N)``.
    """
    if isinstance(train, str):  # v2+ order: (..., xs, activation)
        train, activation = None, train
    return n_step_rnn_base(n_layers, dropout_ratio, hx, ws, bs, xs, train, use_cudnn,
                           activation, use_bi_direction=True)
