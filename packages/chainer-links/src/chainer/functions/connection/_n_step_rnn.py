"""The stacking driver shared by the N-step recurrent functions (RNN, GRU, LSTM).

A cell (:class:`RNNCell`, :class:`GRUCell`, :class:`LSTMCell`) says how one time step
turns the input projection ``W_x x_t + b_x`` and the recurrent projection
``W_h h_{t-1} + b_h`` into the next state, and how that step backpropagates. The driver
:class:`NStepRNNFunction` does everything else once: layers, the two directions, dropout
between layers, the ``hx``/``cx`` states, variable-length (sorted, time-major) batches,
the GEMMs and the weight gradients. Array-generic (``xp``): runs on NumPy and CuPy.
"""
from chainer import configuration
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions.connection import _n_step_graph
from chainer.utils import type_check


def _sigmoid(x, xp):
    # tanh form: no overflow for large |x|.
    half = x.dtype.type(0.5)
    return xp.tanh(x * half) * half + half


class Cell(object):
    """What the driver needs of a cell kind (the base of the three kinds).

    ``n_weights`` weights per unit, the first half reading the layer input, the second
    the hidden state; ``x_weights``/``h_weights`` name them (``W_j``) in the order the
    cell wants them packed; ``n_states`` is 1 (``h``) or 2 (``h, c``). Each kind has

    - ``forward(px, ph, states, xp)``: one step, from ``px = x W_x^T + b_x``,
      ``ph = h W_h^T + b_h`` (packed) and the previous ``states``; returns
      ``(new_states, cache)``, ``new_states[0]`` being ``h``;
    - ``backward(cache, g_states, prev_states, xp)``: from the gradients of the new
      states, ``(g_px, g_ph, g_direct)``; ``g_direct[s]`` is the gradient of previous
      state ``s`` along paths other than ``ph`` (None where there is none).
    """

    n_weights = n_states = x_weights = h_weights = None


class RNNCell(Cell):
    """Elman cell ``h_t = f(W_0 x_t + b_0 + W_1 h_{t-1} + b_1)``, ``f`` tanh or ReLU."""

    n_weights = 2
    n_states = 1
    x_weights = (0,)
    h_weights = (1,)

    def __init__(self, activation):
        if activation not in ('tanh', 'relu'):
            raise ValueError('Invalid activation: "{}". Please select from [tanh, relu]'
                             .format(activation))
        self.activation = activation

    def forward(self, px, ph, states, xp):
        a = px + ph
        h = xp.tanh(a) if self.activation == 'tanh' else xp.maximum(a, 0)
        return (h,), h

    def backward(self, cache, g_states, prev_states, xp):
        h = cache
        gh, = g_states
        if self.activation == 'tanh':
            ga = gh * (h.dtype.type(1) - h * h)
        else:
            ga = gh * (h > 0)
        return ga, ga, (None,)


class GRUCell(Cell):
    """GRU cell: ``r = σ(W_0 x + b_0 + W_3 h + b_3)``, ``z = σ(W_1 x + b_1 + W_4 h + b_4)``,
    ``h' = tanh(W_2 x + b_2 + r (W_5 h + b_5))``, ``h_t = (1 - z) h' + z h_{t-1}``."""

    n_weights = 6
    n_states = 1
    x_weights = (0, 1, 2)
    h_weights = (3, 4, 5)

    def forward(self, px, ph, states, xp):
        h_prev, = states
        n = h_prev.shape[1]
        rz = _sigmoid(px[:, :2 * n] + ph[:, :2 * n], xp)
        r, z = rz[:, :n], rz[:, n:]
        u = ph[:, 2 * n:]
        h_bar = xp.tanh(px[:, 2 * n:] + r * u)
        h = h_bar + z * (h_prev - h_bar)
        return (h,), (r, z, u, h_bar)

    def backward(self, cache, g_states, prev_states, xp):
        r, z, u, h_bar = cache
        gh, = g_states
        h_prev, = prev_states
        one = gh.dtype.type(1)
        g_bar = gh * (one - z) * (one - h_bar * h_bar)
        gz = gh * (h_prev - h_bar) * z * (one - z)
        gr = g_bar * u * r * (one - r)
        px_grad = xp.concatenate([gr, gz, g_bar], axis=1)
        ph_grad = xp.concatenate([gr, gz, g_bar * r], axis=1)
        return px_grad, ph_grad, (gh * z,)


class LSTMCell(Cell):
    """LSTM cell in Chainer v1's computed gate order (cuDNN's): ``W_0``/``W_4`` the input
    gate, ``W_1``/``W_5`` the forget gate, ``W_2``/``W_6`` the cell input, ``W_3``/``W_7``
    the output gate; ``c_t = f c_{t-1} + i a``, ``h_t = o tanh(c_t)``."""

    n_weights = 8
    n_states = 2
    # Internally the gates are packed (i, f, o, a) so one sigmoid covers three of them.
    x_weights = (0, 1, 3, 2)
    h_weights = (4, 5, 7, 6)

    def forward(self, px, ph, states, xp):
        _, c_prev = states
        n = c_prev.shape[1]
        pre = px + ph
        ifo = _sigmoid(pre[:, :3 * n], xp)
        a = xp.tanh(pre[:, 3 * n:])
        i, f, o = ifo[:, :n], ifo[:, n:2 * n], ifo[:, 2 * n:]
        c = f * c_prev + i * a
        tanh_c = xp.tanh(c)
        return (o * tanh_c, c), (i, f, o, a, tanh_c)

    def backward(self, cache, g_states, prev_states, xp):
        i, f, o, a, tanh_c = cache
        gh, gc = g_states
        _, c_prev = prev_states
        one = gh.dtype.type(1)
        gc = gc + gh * o * (one - tanh_c * tanh_c)
        g_pre = xp.concatenate([gc * a * i * (one - i),
                                gc * c_prev * f * (one - f),
                                gh * tanh_c * o * (one - o),
                                gc * i * (one - a * a)], axis=1)
        return g_pre, g_pre, (None, gc * f)


def _add(a, b):
    return b if a is None else (a if b is None else a + b)


class NStepRNNFunction(function.Function):
    """Stacked (optionally bidirectional) recurrent net over a batch-sorted, time-major
    sequence, for any cell.

    Inputs: the ``n_states`` initial states (``hx`` and, for the LSTM, ``cx``), each of
    shape ``(n_layers * D, B, N)``; the ``n_layers * D * n_weights`` weights, then as
    many biases (for layer ``k`` and direction ``d``, ``W_j`` is at
    ``(k * D + d) * n_weights + j``); then the ``T`` steps ``xs[t]`` of shape
    ``(B_t, I)``, ``B_t`` non-increasing. ``D`` is 2 when bidirectional, else 1.
    Outputs: the final states (shapes of the initial ones) and the ``T`` outputs
    ``ys[t]`` of shape ``(B_t, D * N)`` (forward and backward halves concatenated).

    Dropout applies to the inputs of the layers above the first, as in Chainer v1.
    Backward runs on arrays; in a double backprop it gives Variables that can be
    differentiated again (see :mod:`._n_step_graph`).
    """

    _differentiable_backward = True

    def __init__(self, cell, n_layers, dropout_ratio, bidirectional, train=None,
                 use_cudnn=None):
        if int(n_layers) < 1:
            raise ValueError('n_layers must be a positive int, got {!r}'.format(n_layers))
        if not 0 <= dropout_ratio < 1:
            raise ValueError('dropout_ratio must be in [0, 1), got {!r}'.format(
                dropout_ratio))
        self.cell = cell
        self.n_layers = int(n_layers)
        self.dropout_ratio = dropout_ratio
        self.direction = 2 if bidirectional else 1
        self.train = configuration.config.train if train is None else train
        self.use_cudnn = use_cudnn

    @property
    def _n_params(self):
        return self.n_layers * self.direction * self.cell.n_weights

    def _split(self, inputs):
        s, p = self.cell.n_states, self._n_params
        return (inputs[:s], inputs[s:s + p], inputs[s + p:s + 2 * p],
                inputs[s + 2 * p:])

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > self.cell.n_states + 2 * self._n_params)
        state_types, w_types, b_types, x_types = self._split(in_types)
        h_type = state_types[0]
        type_check.expect(
            h_type.dtype.kind == 'f',
            h_type.ndim == 3,
            h_type.shape[0] == self.n_layers * self.direction,
        )
        for s_type in state_types[1:]:
            type_check.expect(s_type.dtype == h_type.dtype, s_type.shape == h_type.shape)
        for t, x_type in enumerate(x_types):
            type_check.expect(x_type.dtype == h_type.dtype, x_type.ndim == 2)
            if t == 0:
                type_check.expect(x_type.shape[0] == h_type.shape[1])
            else:  # sequences sorted by length: batch sizes do not grow
                type_check.expect(x_type.shape[0] <= x_types[t - 1].shape[0],
                                  x_type.shape[1] == x_types[0].shape[1])
        n_units = h_type.shape[2]
        for index, (w_type, b_type) in enumerate(zip(w_types, b_types)):
            type_check.expect(
                w_type.dtype == h_type.dtype,
                w_type.ndim == 2,
                w_type.shape[0] == n_units,
                w_type.shape[1] == self._weight_in_size(index, x_types, n_units),
                b_type.dtype == h_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == n_units,
            )

    def _weight_in_size(self, index, x_types, n_units):
        unit, j = divmod(index, self.cell.n_weights)
        layer = unit // self.direction
        if j not in self.cell.x_weights:
            return n_units
        return x_types[0].shape[1] if layer == 0 else n_units * self.direction

    def _pack(self, params, unit, order, xp):
        base = unit * self.cell.n_weights
        return xp.concatenate([params[base + j] for j in order], axis=0)

    def forward(self, inputs):
        states, ws, bs, xs = self._split(inputs)
        xp = cuda.get_array_module(states[0])
        self.batches = [len(x) for x in xs]
        self.offsets = [0]
        for b in self.batches:
            self.offsets.append(self.offsets[-1] + b)
        layer_in = xp.concatenate(xs, axis=0)
        finals = [xp.empty_like(s) for s in states]
        self.saved = []
        for layer in range(self.n_layers):
            outs = []
            for d in range(self.direction):
                unit = layer * self.direction + d
                rec = self._forward_unit(layer_in, layer, unit, states, ws, bs, xp)
                for final, state in zip(finals, rec['states']):
                    final[unit] = state
                self.saved.append(rec)
                outs.append(rec['out'])
            layer_in = outs[0] if self.direction == 1 else xp.concatenate(outs, axis=1)
        ys = [layer_in[s:e] for s, e in zip(self.offsets[:-1], self.offsets[1:])]
        return tuple(finals) + tuple(ys)

    def _forward_unit(self, layer_in, layer, unit, states, ws, bs, xp):
        """Runs one direction of one layer over all steps."""
        cell = self.cell
        mask = self._dropout_mask(layer_in, xp) if layer > 0 else None
        x_in = layer_in if mask is None else layer_in * mask
        Wx = self._pack(ws, unit, cell.x_weights, xp)
        Wh = self._pack(ws, unit, cell.h_weights, xp)
        bh = self._pack(bs, unit, cell.h_weights, xp)
        px_all = x_in.dot(Wx.T)
        px_all += self._pack(bs, unit, cell.x_weights, xp)
        current = [s[unit].copy() for s in states]
        n = current[0].shape[1]
        out = xp.empty((px_all.shape[0], n), dtype=px_all.dtype)
        h_prev = xp.empty_like(out)  # the recurrent GEMM's inputs, for its gradient
        steps = []
        for t in self._times(unit):
            batch, s, e = self.batches[t], self.offsets[t], self.offsets[t + 1]
            prev = tuple(c[:batch].copy() for c in current)
            h_prev[s:e] = prev[0]
            new, cache = cell.forward(px_all[s:e], prev[0].dot(Wh.T) + bh, prev, xp)
            for c, v in zip(current, new):
                c[:batch] = v
            out[s:e] = new[0]
            steps.append((t, prev, cache))
        return dict(states=current, out=out, steps=steps, x_in=x_in, h_prev=h_prev,
                    mask=mask, Wx=Wx, Wh=Wh)

    def _times(self, unit):
        times = range(len(self.batches))
        return reversed(times) if unit % self.direction == 1 else times

    def _dropout_mask(self, x, xp):
        if not self.train or self.dropout_ratio == 0:
            return None
        keep = xp.random.rand(*x.shape) >= self.dropout_ratio
        return keep.astype(x.dtype) * x.dtype.type(1.0 / (1 - self.dropout_ratio))

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return _n_step_graph.differentiable_grads(self, inputs, grad_outputs)
        states, ws, bs, xs = self._split(inputs)
        xp = cuda.get_array_module(states[0])
        n_s = self.cell.n_states
        g_finals = grad_outputs[:n_s]
        n = states[0].shape[2]
        g_out = xp.zeros((self.offsets[-1], n * self.direction), dtype=states[0].dtype)
        for t, gy in enumerate(grad_outputs[n_s:]):
            if gy is not None:
                g_out[self.offsets[t]:self.offsets[t + 1]] = gy
        g_states = [xp.empty_like(s) for s in states]
        gws, gbs = [None] * len(ws), [None] * len(bs)
        for layer in reversed(range(self.n_layers)):
            g_in = None
            for d in range(self.direction):
                unit = layer * self.direction + d
                g_units = [xp.zeros_like(s[unit]) if g is None else g[unit].copy()
                           for s, g in zip(states, g_finals)]
                g_x = self._backward_unit(self.saved[unit], g_out[:, d * n:(d + 1) * n],
                                          g_units, unit, gws, gbs, xp)
                for g_state, g_unit in zip(g_states, g_units):
                    g_state[unit] = g_unit
                g_in = _add(g_in, g_x)
            g_out = g_in
        gxs = [g_out[s:e] for s, e in zip(self.offsets[:-1], self.offsets[1:])]
        return tuple(g_states) + tuple(gws) + tuple(gbs) + tuple(gxs)

    def _backward_unit(self, rec, g_out, g_units, unit, gws, gbs, xp):
        """Backprop through one direction of one layer: turns ``g_units`` (in place)
        into the initial-state gradients, stores the weight and bias gradients and
        returns the gradient of the layer input."""
        cell = self.cell
        gpx_all = xp.empty((g_out.shape[0], rec['Wx'].shape[0]), dtype=g_out.dtype)
        gph_all = xp.empty((g_out.shape[0], rec['Wh'].shape[0]), dtype=g_out.dtype)
        for t, prev, cache in reversed(rec['steps']):
            batch, s, e = self.batches[t], self.offsets[t], self.offsets[t + 1]
            g_new = [g[:batch] for g in g_units]
            g_new[0] = g_new[0] + g_out[s:e]
            gpx, gph, g_direct = cell.backward(cache, tuple(g_new), prev, xp)
            gpx_all[s:e] = gpx
            gph_all[s:e] = gph
            g_prev = [gph.dot(rec['Wh'])] + [None] * (len(g_units) - 1)
            for g, g_p, g_d in zip(g_units, g_prev, g_direct):
                g[:batch] = _add(g_p, g_d)  # every state has at least one path
        # The weight gradients of all steps at once: one GEMM per weight group.
        self._scatter(gws, gpx_all.T.dot(rec['x_in']), unit, cell.x_weights)
        self._scatter(gws, gph_all.T.dot(rec['h_prev']), unit, cell.h_weights)
        self._scatter(gbs, gpx_all.sum(axis=0), unit, cell.x_weights)
        self._scatter(gbs, gph_all.sum(axis=0), unit, cell.h_weights)
        g_x = gpx_all.dot(rec['Wx'])
        if rec['mask'] is not None:
            g_x *= rec['mask']
        return g_x

    def _scatter(self, grads, packed, unit, order):
        n = packed.shape[0] // len(order)
        base = unit * self.cell.n_weights
        for g, j in enumerate(order):
            grads[base + j] = packed[g * n:(g + 1) * n]


def check_params(n_layers, ws, bs, n_weights, bidirectional, count_word):
    """Raises ValueError unless ``ws`` and ``bs`` hold ``n_layers * D`` lists of
    ``n_weights`` arrays each (``count_word``: that number in words, for the message)."""
    expected = n_layers * (2 if bidirectional else 1)
    if len(ws) != expected or len(bs) != expected or \
            any(len(w) != n_weights for w in ws) or any(len(b) != n_weights for b in bs):
        raise ValueError('ws and bs must be lists of {} lists of {} weights/biases each'
                         .format(expected, count_word))


def n_step_call(func, states, ws, bs, xs):
    """Applies an :class:`NStepRNNFunction` to nested weight lists; returns the final
    states followed by the tuple of outputs."""
    if len(xs) == 0:
        raise ValueError('xs must hold at least one time step')
    flat_ws = [w for unit in ws for w in unit]
    flat_bs = [b for unit in bs for b in unit]
    outputs = func(*(list(states) + flat_ws + flat_bs + list(xs)))
    n_s = len(states)
    return tuple(outputs[:n_s]) + (tuple(outputs[n_s:]),)
