"""Fused recurrent cell kernels: LSTM (``F.lstm``) and GRU (``L.GRU``/``L.StatefulGRU``).

LSTM: the gate pre-activations ``a, i, f, o`` (each ``(B, H, ...)``, strided views of the
interleaved ``x`` are fine) and ``c_prev`` give

.. math:: c = \\tanh(a) \\sigma(i) + \\sigma(f) c_{prev}, \\quad h = \\sigma(o) \\tanh(c)

GRU, split around the matrix product ``U (r * h)`` that cannot be fused:
``r, z = sigmoid(xr + hr), sigmoid(xz + hz)`` (``gru_gates_fwd``), then
``hbar = tanh(xh + uh)``, ``h_new = (1 - z) h + z hbar`` (``gru_output_fwd``).
"""
from cupy_kernels.kernels.spec import ACC_PREAMBLE, ElementwiseSpec

_LSTM_GATES = ('const A aa = tanh((A)a); const A ai = _sigmoid((A)i_); '
               'const A af = _sigmoid((A)f); const A ao = _sigmoid((A)o);')

KERNELS = [
    ElementwiseSpec(
        'lstm_fwd', 'T c_prev, T a, T i_, T f, T o', 'T c, T h',
        _LSTM_GATES + ' const A cc = aa * ai + af * (A)c_prev; c = (T)cc; '
        'h = (T)(ao * tanh(cc))',
        'LSTM cell forward: (c_prev, a, i, f, o) -> (c, h).', preamble=ACC_PREAMBLE),
    ElementwiseSpec(
        'lstm_bwd', 'T c_prev, T a, T i_, T f, T o, T c, T gc, T gh',
        'T gc_prev, T ga, T gi, T gf, T go',
        _LSTM_GATES + ' const A tc = tanh((A)c); '
        'const A g = (A)gh * ao * (1 - tc * tc) + (A)gc; '
        'gc_prev = (T)(g * af); ga = (T)(g * ai * (1 - aa * aa)); '
        'gi = (T)(g * aa * ai * (1 - ai)); gf = (T)(g * (A)c_prev * af * (1 - af)); '
        'go = (T)((A)gh * tc * ao * (1 - ao))',
        'LSTM cell backward: gradients of c_prev and of the four gate pre-activations, '
        'given the gradients gc, gh of c and h (pass zeros for a missing one).',
        preamble=ACC_PREAMBLE),
    ElementwiseSpec(
        'gru_gates_fwd', 'T xr, T hr, T xz, T hz', 'T r, T z',
        'r = (T)_sigmoid((A)xr + (A)hr); z = (T)_sigmoid((A)xz + (A)hz)',
        'GRU reset and update gates: r = sigmoid(xr + hr), z = sigmoid(xz + hz).',
        preamble=ACC_PREAMBLE),
    ElementwiseSpec(
        'gru_output_fwd', 'T z, T xh, T uh, T h', 'T h_new, T hbar',
        'const A hb = tanh((A)xh + (A)uh); hbar = (T)hb; '
        'h_new = (T)((1 - (A)z) * (A)h + (A)z * hb)',
        'GRU output: hbar = tanh(xh + uh), h_new = (1 - z) h + z hbar.',
        preamble=ACC_PREAMBLE),
    ElementwiseSpec(
        'gru_output_bwd', 'T z, T hbar, T h, T gh_new', 'T gz_pre, T ghbar_pre, T gh',
        'const A zz = (A)z, hb = (A)hbar, g = (A)gh_new; '
        'gz_pre = (T)(g * (hb - (A)h) * zz * (1 - zz)); '
        'ghbar_pre = (T)(g * zz * (1 - hb * hb)); gh = (T)(g * (1 - zz))',
        'GRU output backward: gradients of the update gate and candidate pre-activations '
        'and the direct gradient of h (the reset path goes through U and sigmoid_bwd).',
        preamble=ACC_PREAMBLE),
]
