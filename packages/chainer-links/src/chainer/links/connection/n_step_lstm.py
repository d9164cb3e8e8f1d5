"""The stacked LSTM over variable-length sequences ``L.NStepLSTM`` (spec 003
"n_step_lstm")."""
import math

import numpy

import chainer.functions as F
from chainer import initializers
from chainer import link
from chainer.links import _args
from chainer.links import _errors


def _layer_params(in_size, out_size):
    """A link holding one layer's ``w0..w7`` (``(out, in)`` for the input weights
    0-3, ``(out, out)`` for the recurrent 4-7) and ``b0..b7`` (zeros)."""
    layer = link.Link()
    for j in range(8):
        w_in = in_size if j < 4 else out_size
        layer.add_param('w{}'.format(j), (out_size, w_in),
                        initializer=initializers.Normal(math.sqrt(1.0 / w_in)))
        layer.add_param('b{}'.format(j), (out_size,), initializer=0)
    return layer


class NStepLSTM(link.ChainList):
    """Stacked LSTM for sequences, computed by
    :func:`chainer.functions.n_step_lstm`.

    Each child link holds one layer's eight weight matrices ``w0..w7`` and biases
    ``b0..b7``; the input weights of the first layer are ``(out_size, in_size)``,
    all others ``(out_size, out_size)``.

    Args:
        n_layers (int): Number of layers.
        in_size (int): Dimension of the input vectors.
        out_size (int): Dimension of the hidden states.
        dropout (float): Dropout ratio applied to the inputs of each layer.
        use_cudnn (bool): Use cuDNN if available.
    """

    def __init__(self, n_layers, in_size, out_size, dropout, use_cudnn=True):
        n_layers = _args.positive_int(n_layers, 'n_layers')
        in_size = _args.positive_int(in_size, 'in_size')
        out_size = _args.positive_int(out_size, 'out_size')
        if not 0 <= dropout < 1:
            raise ValueError('dropout must be in [0, 1), got {!r}'.format(dropout))
        super(NStepLSTM, self).__init__(*[
            _layer_params(in_size if i == 0 else out_size, out_size)
            for i in range(n_layers)])
        self.n_layers = n_layers
        self.out_size = out_size
        self.dropout = dropout
        self.use_cudnn = use_cudnn

    def __call__(self, hx, cx, xs, train=True):
        """Computes the stacked LSTM over a batch of sequences.

        The sequences may have different lengths and come in any order: they are
        sorted by decreasing length and transposed to time-major for the function,
        and the results are put back in the order given.

        Args:
            hx (~chainer.Variable): Initial hidden states ``(n_layers, B, out_size)``
                (None: zeros).
            cx (~chainer.Variable): Initial cell states, same shape (None: zeros).
            xs (list of ~chainer.Variable): ``B`` sequences, ``xs[i]`` of shape
                ``(L_i, in_size)``.
            train (bool): Apply dropout.

        Returns:
            tuple: ``(hy, cy, ys)``: the final hidden and cell states
            ``(n_layers, B, out_size)`` and the list of output sequences, ``ys[i]``
            of shape ``(L_i, out_size)``.
        """
        if not isinstance(xs, (list, tuple)) or not xs:
            # v1 asserted that xs is a list: InvalidCallError is also an AssertionError.
            raise _errors.InvalidCallError(
                'xs must be a non-empty list of sequences (Variables)')
        order = numpy.argsort([-x.shape[0] for x in xs], kind='stable').astype(
            numpy.int32)
        xs = [xs[i] for i in order]
        hx = self._initial_state(hx, xs, order)
        cx = self._initial_state(cx, xs, order)
        ws = [[layer.__dict__['w{}'.format(j)] for j in range(8)] for layer in self]
        bs = [[layer.__dict__['b{}'.format(j)] for j in range(8)] for layer in self]
        hy, cy, time_ys = F.n_step_lstm(
            self.n_layers, self.dropout, hx, cx, ws, bs, F.transpose_sequence(xs),
            train=train, use_cudnn=self.use_cudnn)
        hy = F.permutate(hy, order, axis=1, inv=True)
        cy = F.permutate(cy, order, axis=1, inv=True)
        sorted_ys = F.transpose_sequence(time_ys)
        ys = [None] * len(sorted_ys)
        for y, i in zip(sorted_ys, order):
            ys[i] = y
        return hy, cy, ys

    def _initial_state(self, state, sorted_xs, order):
        """The initial state permuted to the sorted order (zeros for None)."""
        if state is None:
            xp = self.xp
            dtype = sorted_xs[0].dtype
            return xp.zeros((self.n_layers, len(sorted_xs), self.out_size), dtype=dtype)
        return F.permutate(state, order, axis=1)
