"""Stacked Elman RNN links over variable-length sequences (Chainer v1.24):
``NStepRNNTanh``, ``NStepRNNReLU``, ``NStepBiRNNTanh``, ``NStepBiRNNReLU``; and the
parameter layout and sorting shared by every N-step link (RNN, GRU, LSTM)."""
import functools
import math

import numpy

import chainer
from chainer import initializers
from chainer import link
from chainer.functions.array import permutate
from chainer.functions.array import transpose_sequence
from chainer.functions.connection import n_step_rnn as rnn
from chainer.links import _args
from chainer.links import _errors


def argsort_list_descent(lst):
    """The indices that sort ``lst`` (arrays or Variables) by decreasing length; ties
    keep their order."""
    return numpy.argsort([-x.shape[0] for x in lst], kind='stable').astype(numpy.int32)


def permutate_list(lst, indices, inv):
    """``[lst[i] for i in indices]``, or (``inv``) the list that this would turn back
    into ``lst``."""
    ret = [None] * len(lst)
    for i, ind in enumerate(indices):
        if inv:
            ret[ind] = lst[i]
        else:
            ret[i] = lst[ind]
    return ret


def _unit_params(n_weights, in_size, out_size, initialW=None, initial_bias=None):
    """One layer-direction's ``w0..w{n-1}`` and ``b0..b{n-1}``: the first half of the
    weights read the layer input (``(out, in)``), the second half the hidden state
    (``(out, out)``). Weights ~ N(0, 1/fan_in) and biases zero as in v1, unless
    ``initialW``/``initial_bias`` (v2+) give an initializer, a scalar or an array for
    every weight/bias. The dtype is ``chainer.config.dtype`` (float32 unless set)."""
    dtype = chainer.get_dtype()
    bias_init = 0 if initial_bias is None else initializers._get_initializer(initial_bias)
    weight_init = None if initialW is None else initializers._get_initializer(initialW)
    unit = link.Link()
    for j in range(n_weights):
        w_in = in_size if j < n_weights // 2 else out_size
        init = weight_init or initializers.Normal(math.sqrt(1.0 / w_in))
        unit.add_param('w{}'.format(j), (out_size, w_in), dtype=dtype, initializer=init)
        unit.add_param('b{}'.format(j), (out_size,), dtype=dtype, initializer=bias_init)
    return unit


class NStepBase(link.ChainList):
    """The links of the N-step functions: a child per layer and direction (layer ``k``,
    direction ``d`` is child ``k * D + d``) holding that unit's ``w*``/``b*``.

    Subclasses set ``n_weights`` (weights per unit) and ``n_states`` (1, or 2 with a
    cell state) and implement ``_function(hx[, cx], ws, bs, xs, train)``.

    Attributes (v2+): ``ws`` and ``bs`` list each unit's weights and biases,
    ``n_cells`` is the number of states (2 for the LSTMs, else 1).
    """

    n_weights = None
    n_states = 1

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn,
                 use_bi_direction, initialW=None, initial_bias=None):
        n_layers = _args.positive_int(n_layers, 'n_layers')
        in_size = _args.positive_int(in_size, 'in_size')
        out_size = _args.positive_int(out_size, 'out_size')
        if not 0 <= dropout < 1:
            raise ValueError('dropout must be in [0, 1), got {!r}'.format(dropout))
        direction = 2 if use_bi_direction else 1
        units = []
        for layer in range(n_layers):
            layer_in = in_size if layer == 0 else out_size * direction
            units.extend(_unit_params(self.n_weights, layer_in, out_size, initialW,
                                      initial_bias)
                         for _ in range(direction))
        super(NStepBase, self).__init__(*units)
        self.n_layers = n_layers
        self.out_size = out_size
        self.dropout = dropout
        self.use_cudnn = use_cudnn
        self.direction = direction

    @property
    def n_cells(self):
        """The number of states: 2 for the LSTMs (hidden and cell), else 1."""
        return self.n_states

    @property
    def ws(self):
        """Each unit's weights ``[[w0, w1, ...], ...]`` (unit ``k * D + d``)."""
        return [[unit.__dict__['w{}'.format(j)] for j in range(self.n_weights)]
                for unit in self]

    @property
    def bs(self):
        """Each unit's biases ``[[b0, b1, ...], ...]``."""
        return [[unit.__dict__['b{}'.format(j)] for j in range(self.n_weights)]
                for unit in self]

    def init_hx(self, xs):
        """Zero initial states ``(n_layers * D, len(xs), out_size)`` for ``xs``."""
        shape = (self.n_layers * self.direction, len(xs), self.out_size)
        return self.xp.zeros(shape, dtype=xs[0].dtype)

    def _run(self, states, xs, train):
        """Sorts ``xs`` by decreasing length, runs the function on the time-major
        batch and puts the final states and output sequences back in the given order.

        One sequence given alone (a 2-d Variable or array, not in a list) is read as
        ``[xs]``: ``F.split_axis`` into one section returns its input itself under
        v1's ``force_tuple=False`` default, which v2+ code splitting a batch of one
        passes here. v1 refused it (an assertion)."""
        if not isinstance(xs, (list, tuple)) and getattr(xs, 'ndim', None) == 2:
            xs = [xs]
        if not isinstance(xs, (list, tuple)) or not xs:
            # v1 asserted that xs is a list: InvalidCallError is also an AssertionError.
            raise _errors.InvalidCallError(
                'xs must be a non-empty list of sequences (Variables)')
        indices = argsort_list_descent(xs)
        xs = permutate_list(xs, indices, inv=False)
        states = [self.init_hx(xs) if s is None else
                  permutate.permutate(s, indices, axis=1) for s in states]
        outputs = self._function(*states, ws=self.ws, bs=self.bs,
                                 xs=transpose_sequence.transpose_sequence(xs),
                                 train=train)
        finals = [permutate.permutate(s, indices, axis=1, inv=True)
                  for s in outputs[:-1]]
        ys = permutate_list(transpose_sequence.transpose_sequence(outputs[-1]), indices,
                            inv=True)
        return tuple(finals) + (ys,)


class _HiddenStateStack(NStepBase):
    """An N-step stack whose only state is the hidden one (the RNNs and GRUs; the LSTMs
    add a cell state)."""

    def forward(self, hx, xs, train=None):
        """Runs the stack over a batch of sequences of any lengths, in any order.

        Args:
            hx (~chainer.Variable): Initial hidden states
                ``(n_layers * D, B, out_size)`` (None: zeros).
            xs (list of ~chainer.Variable): ``B`` sequences ``(L_i, in_size)``.
            train (bool or None): Apply dropout (None: ``chainer.config.train``).

        Returns:
            tuple: ``(hy, ys)``: the final hidden states and the list of output
            sequences, ``ys[i]`` of shape ``(L_i, D * out_size)``.
        """
        return self._run([hx], xs, train)


class NStepRNNBase(_HiddenStateStack):
    """Stacked Elman RNN link (:func:`~chainer.functions.n_step_rnn` or, with
    ``use_bi_direction``, :func:`~chainer.functions.n_step_birnn`).

    Each unit holds ``w0`` (input, ``(out_size, in)``; ``in`` is ``in_size`` in the
    first layer, ``out_size * D`` above), ``w1`` (``(out_size, out_size)``), ``b0``
    and ``b1``.

    Args:
        n_layers (int): Number of layers.
        in_size (int): Dimension of the input vectors.
        out_size (int): Dimension of the hidden states.
        dropout (float): Dropout ratio of the inputs of the layers above the first.
        use_cudnn (bool or None): Accepted for compatibility.
        use_bi_direction (bool): Bidirectional.
        activation (str): ``'tanh'`` or ``'relu'``.
        initialW: Initializer, scalar or array of every weight (v2+; None:
            N(0, 1/fan_in) as in v1).
        initial_bias: Initializer, scalar or array of every bias (v2+; None: 0).
    """

    n_weights = 2

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn,
                 use_bi_direction, activation, initialW=None, initial_bias=None):
        if activation not in ('tanh', 'relu'):
            raise ValueError('Invalid activation: "{}". Please select from [tanh,relu]'
                             .format(activation))
        super(NStepRNNBase, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, use_bi_direction,
            initialW, initial_bias)
        self.activation = activation
        # v2+'s ``link.rnn(n_layers, dropout, hx, ws, bs, xs)``: the link's activation
        self.rnn = functools.partial(
            rnn.n_step_birnn if use_bi_direction else rnn.n_step_rnn, activation=activation)

    def _function(self, hx, ws, bs, xs, train):
        return self.rnn(self.n_layers, self.dropout, hx, ws, bs, xs, train=train,
                        use_cudnn=self.use_cudnn, activation=self.activation)


class NStepRNNTanh(NStepRNNBase):
    """Stacked unidirectional tanh RNN for sequences (see :class:`NStepRNNBase`)."""

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=None, *,
                 initialW=None, initial_bias=None):
        super(NStepRNNTanh, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, False, 'tanh',
            initialW, initial_bias)


class NStepRNNReLU(NStepRNNBase):
    """Stacked unidirectional ReLU RNN for sequences (see :class:`NStepRNNBase`)."""

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=None, *,
                 initialW=None, initial_bias=None):
        super(NStepRNNReLU, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, False, 'relu',
            initialW, initial_bias)


class NStepBiRNNTanh(NStepRNNBase):
    """Stacked bidirectional tanh RNN for sequences (see :class:`NStepRNNBase`)."""

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=None, *,
                 initialW=None, initial_bias=None):
        super(NStepBiRNNTanh, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, True, 'tanh',
            initialW, initial_bias)


class NStepBiRNNReLU(NStepRNNBase):
    """Stacked bidirectional ReLU RNN for sequences (see :class:`NStepRNNBase`)."""

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=None, *,
                 initialW=None, initial_bias=None):
        super(NStepBiRNNReLU, self).__init__(
            n_layers, in_size, out_size, dropout, use_cudnn, True, 'relu',
            initialW, initial_bias)
