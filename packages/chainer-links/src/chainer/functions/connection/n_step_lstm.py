"""Stacked LSTM over variable-length sequences (spec 003, n_step_lstm)."""
from chainer import cuda
from chainer import function
from chainer.utils import type_check


def _sigmoid(x, xp):
    # tanh form: no overflow for large |x|.
    half = x.dtype.type(0.5)
    return xp.tanh(x * half) * half + half


#: Internally the four gates of a layer are laid out (i, f, o, a); the weights and biases
#: of v1's ``ws[k][j]``/``bs[k][j]`` are (i, f, a, o) for ``j = 0..3`` (and ``4..7``):
#: internal group ``g`` reads ``W_{GATE_WEIGHT[g]}``. This is the order Chainer v1
#: computes with (cuDNN's), though v1's documentation wrote o for ``W_2``, a for ``W_3``.
GATE_WEIGHT = (0, 1, 3, 2)


def _gate_weights(params, layer, offset):
    """The four gate weights (or biases) of a layer, in the internal gate order."""
    return [params[8 * layer + offset + j] for j in GATE_WEIGHT]


class NStepLSTM(function.Function):
    """Stacked LSTM applied to a whole (time-major, batch-sorted) sequence in one call.

    Inputs: ``hx, cx``, the ``8 * n_layers`` weights, the ``8 * n_layers`` biases, then
    the ``T`` time steps ``xs[t]`` of shape ``(B_t, I)`` with ``B_t`` non-increasing.
    Outputs: ``hy, cy`` and the ``T`` last-layer hidden states ``ys[t]``.

    Each layer multiplies its inputs of all time steps with ``W_0..W_3`` in one GEMM, then
    runs the recurrence step by step (one GEMM with ``W_4..W_7`` per step); the backward
    mirrors it and gets the weight gradients from one GEMM per weight group.
    """

    def __init__(self, n_layers, dropout_ratio, train=True, use_cudnn=True):
        if int(n_layers) < 1:
            raise ValueError('n_layers must be a positive int, got {!r}'.format(n_layers))
        if not 0 <= dropout_ratio < 1:
            raise ValueError('dropout_ratio must be in [0, 1), got {!r}'.format(
                dropout_ratio))
        self.n_layers = int(n_layers)
        self.dropout_ratio = dropout_ratio
        self.train = train
        self.use_cudnn = use_cudnn

    def _split(self, inputs):
        n_w = 8 * self.n_layers
        hx, cx = inputs[:2]
        ws = inputs[2:2 + n_w]
        bs = inputs[2 + n_w:2 + 2 * n_w]
        xs = inputs[2 + 2 * n_w:]
        return hx, cx, ws, bs, xs

    def check_type_forward(self, in_types):
        n_w = 8 * self.n_layers
        type_check.expect(in_types.size() > 2 + 2 * n_w)
        hx_type, cx_type, w_types, b_types, x_types = self._split(in_types)
        type_check.expect(
            hx_type.dtype.kind == 'f',
            hx_type.ndim == 3,
            hx_type.shape[0] == self.n_layers,
            cx_type.dtype == hx_type.dtype,
            cx_type.shape == hx_type.shape,
        )
        n_units = hx_type.shape[2]
        for t, x_type in enumerate(x_types):
            type_check.expect(x_type.dtype == hx_type.dtype, x_type.ndim == 2)
            if t == 0:
                type_check.expect(x_type.shape[0] == hx_type.shape[1])
            else:  # sequences sorted by length: batch sizes do not grow
                type_check.expect(x_type.shape[0] <= x_types[t - 1].shape[0],
                                  x_type.shape[1] == x_types[0].shape[1])
        for i, (w_type, b_type) in enumerate(zip(w_types, b_types)):
            layer, j = divmod(i, 8)
            in_size = x_types[0].shape[1] if layer == 0 and j < 4 else n_units
            type_check.expect(
                w_type.dtype == hx_type.dtype,
                w_type.ndim == 2,
                w_type.shape[0] == n_units,
                w_type.shape[1] == in_size,
                b_type.dtype == hx_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == n_units,
            )

    def forward(self, inputs):
        hx, cx, ws, bs, xs = self._split(inputs)
        xp = cuda.get_array_module(hx)
        self.batches = [len(x) for x in xs]
        self.offsets = [0]
        for b in self.batches:
            self.offsets.append(self.offsets[-1] + b)
        layer_in = xp.concatenate(xs, axis=0)
        self.saved = []
        hy, cy = xp.empty_like(hx), xp.empty_like(cx)
        for layer in range(self.n_layers):
            Wx = xp.concatenate(_gate_weights(ws, layer, 0), axis=0)  # (4N, I)
            Wh = xp.concatenate(_gate_weights(ws, layer, 4), axis=0)  # (4N, N)
            bias = (xp.concatenate(_gate_weights(bs, layer, 0)) +
                    xp.concatenate(_gate_weights(bs, layer, 4)))
            mask = self._dropout_mask(layer_in, xp)
            x_in = layer_in if mask is None else layer_in * mask
            pre = x_in.dot(Wx.T)
            pre += bias
            record = self._run_layer(pre, Wh, hx[layer].copy(), cx[layer].copy(), xp)
            hy[layer], cy[layer] = record['h'], record['c']
            record.update(x_in=x_in, mask=mask, Wx=Wx, Wh=Wh)
            self.saved.append(record)
            layer_in = record['out']
        ys = [layer_in[s:e] for s, e in zip(self.offsets[:-1], self.offsets[1:])]
        return (hy, cy) + tuple(ys)

    def _dropout_mask(self, x, xp):
        if not self.train or self.dropout_ratio == 0:
            return None
        keep = xp.random.rand(*x.shape) >= self.dropout_ratio
        return keep.astype(x.dtype) * x.dtype.type(1.0 / (1 - self.dropout_ratio))

    def _run_layer(self, pre, Wh, h, c, xp):
        """Runs one layer's recurrence; ``pre`` holds ``W_x x_t + b`` for all steps."""
        n = h.shape[1]
        gates = xp.empty_like(pre)
        h_prev = xp.empty(pre.shape[:1] + (n,), dtype=pre.dtype)
        c_prev = xp.empty_like(h_prev)
        c_all = xp.empty_like(h_prev)
        out = xp.empty_like(h_prev)
        for t, batch in enumerate(self.batches):
            s, e = self.offsets[t], self.offsets[t + 1]
            h_prev[s:e] = h[:batch]
            c_prev[s:e] = c[:batch]
            a = pre[s:e] + h[:batch].dot(Wh.T)
            ifo = _sigmoid(a[:, :3 * n], xp)
            g = xp.tanh(a[:, 3 * n:])
            gates[s:e, :3 * n] = ifo
            gates[s:e, 3 * n:] = g
            c_new = ifo[:, n:2 * n] * c[:batch] + ifo[:, :n] * g
            c_all[s:e] = c_new
            out[s:e] = ifo[:, 2 * n:] * xp.tanh(c_new)
            c[:batch] = c_new
            h[:batch] = out[s:e]
        return dict(h=h, c=c, gates=gates, h_prev=h_prev, c_prev=c_prev, c_all=c_all,
                    out=out)

    def backward(self, inputs, grad_outputs):
        hx, cx, ws, bs, xs = self._split(inputs)
        xp = cuda.get_array_module(hx)
        ghy, gcy = grad_outputs[:2]
        total = self.offsets[-1]
        n = hx.shape[2]
        g_out = xp.zeros((total, n), dtype=hx.dtype)
        for t, gy in enumerate(grad_outputs[2:]):
            if gy is not None:
                g_out[self.offsets[t]:self.offsets[t + 1]] = gy
        ghx, gcx = xp.empty_like(hx), xp.empty_like(cx)
        gws = [None] * len(ws)
        gbs = [None] * len(bs)
        for layer in reversed(range(self.n_layers)):
            rec = self.saved[layer]
            gh = xp.zeros_like(hx[layer]) if ghy is None else ghy[layer].copy()
            gc = xp.zeros_like(cx[layer]) if gcy is None else gcy[layer].copy()
            gpre = self._backprop_layer(rec, g_out, gh, gc, n, xp)
            ghx[layer], gcx[layer] = gh, gc
            gWx = gpre.T.dot(rec['x_in'])
            gWh = gpre.T.dot(rec['h_prev'])
            gb = gpre.sum(axis=0)
            for g, j in enumerate(GATE_WEIGHT):
                rows = slice(g * n, (g + 1) * n)
                gws[8 * layer + j] = gWx[rows]
                gws[8 * layer + 4 + j] = gWh[rows]
                gbs[8 * layer + j] = gb[rows]
                gbs[8 * layer + 4 + j] = gb[rows].copy()
            g_out = gpre.dot(rec['Wx'])
            if rec['mask'] is not None:
                g_out *= rec['mask']
        gxs = [g_out[s:e] for s, e in zip(self.offsets[:-1], self.offsets[1:])]
        return (ghx, gcx) + tuple(gws) + tuple(gbs) + tuple(gxs)

    def _backprop_layer(self, rec, g_out, gh, gc, n, xp):
        """Backprop through one layer's recurrence; updates ``gh, gc`` in place to the
        initial-state gradients and returns the pre-activation gradients of all steps."""
        gates = rec['gates']
        gpre = xp.empty_like(gates)
        one = gates.dtype.type(1)
        for t in reversed(range(len(self.batches))):
            batch = self.batches[t]
            s, e = self.offsets[t], self.offsets[t + 1]
            i, f = gates[s:e, :n], gates[s:e, n:2 * n]
            o, g = gates[s:e, 2 * n:3 * n], gates[s:e, 3 * n:]
            tanh_c = xp.tanh(rec['c_all'][s:e])
            gh_t = gh[:batch] + g_out[s:e]
            gc_t = gc[:batch] + gh_t * o * (one - tanh_c * tanh_c)
            gpre[s:e, :n] = gc_t * g * i * (one - i)
            gpre[s:e, n:2 * n] = gc_t * rec['c_prev'][s:e] * f * (one - f)
            gpre[s:e, 2 * n:3 * n] = gh_t * tanh_c * o * (one - o)
            gpre[s:e, 3 * n:] = gc_t * i * (one - g * g)
            gc[:batch] = gc_t * f
            gh[:batch] = gpre[s:e].dot(rec['Wh'])
        return gpre


def n_step_lstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, train=True, use_cudnn=True):
    """Stacked Long Short-Term Memory function for sequence inputs.

    For each layer and time step ``t`` (the input of layer ``k > 0`` is the hidden state
    of layer ``k - 1``; dropout is applied to every layer's input when ``train``):

    .. math::
        i_t &= \\sigma(W_0 x_t + W_4 h_{t-1} + b_0 + b_4) \\\\
        f_t &= \\sigma(W_1 x_t + W_5 h_{t-1} + b_1 + b_5) \\\\
        a_t &= \\tanh(W_2 x_t + W_6 h_{t-1} + b_2 + b_6) \\\\
        o_t &= \\sigma(W_3 x_t + W_7 h_{t-1} + b_3 + b_7) \\\\
        c_t &= f_t c_{t-1} + i_t a_t \\\\
        h_t &= o_t \\tanh(c_t)

    This is the gate order Chainer v1 computes with (cuDNN's), so weights trained with
    v1 give the same results; v1's documentation (and spec 003) swapped ``o`` and ``a``.

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
        train (bool): apply dropout.
        use_cudnn (bool): accepted for compatibility.

    Returns:
        tuple: ``(hy, cy, ys)``: the final hidden and cell states (shape of ``hx``) and the
        tuple of the last layer's hidden states ``ys[t]`` of shape ``(B_t, N)``.
    """
    if len(ws) != n_layers or len(bs) != n_layers or \
            any(len(w) != 8 for w in ws) or any(len(b) != 8 for b in bs):
        raise ValueError('ws and bs must be lists of n_layers={} lists of eight '
                         'weights/biases each'.format(n_layers))
    if len(xs) == 0:
        raise ValueError('xs must hold at least one time step')
    func = NStepLSTM(n_layers, dropout_ratio, train, use_cudnn)
    flat_ws = [w for layer in ws for w in layer]
    flat_bs = [b for layer in bs for b in layer]
    outputs = func(hx, cx, *(flat_ws + flat_bs + list(xs)))
    return outputs[0], outputs[1], tuple(outputs[2:])
