"""The S-LSTM cell for binary trees: ``F.slstm`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer.functions.activation.lstm import _cell_grad
from chainer.functions.activation.lstm import _extract_gates
from chainer.functions.activation.lstm import _pack_gates
from chainer.functions.activation.sigmoid import _sigmoid
from chainer.utils import type_check


class SLSTM(function.Function):
    """S-LSTM cell merging two child nodes (see :func:`slstm`)."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 4)
        c1_type, c2_type, x1_type, x2_type = in_types
        type_check.expect(
            c1_type.dtype.kind == 'f',
            c2_type.dtype == c1_type.dtype,
            x1_type.dtype == c1_type.dtype,
            x2_type.dtype == c1_type.dtype,
            c1_type.ndim >= 2,
            c2_type.shape == c1_type.shape,
            x2_type.shape == x1_type.shape,
            x1_type.ndim == c1_type.ndim,
            x1_type.shape[0] == c1_type.shape[0],
            x1_type.shape[1] == 4 * c1_type.shape[1],
        )
        for i in range(2, type_check.eval(c1_type.ndim)):
            type_check.expect(x1_type.shape[i] == c1_type.shape[i])

    def forward(self, inputs):
        c_prev1, c_prev2, x1, x2 = inputs
        xp = cuda.get_array_module(x1)
        a1, i1, f1, o1 = _extract_gates(x1)
        a2, i2, f2, o2 = _extract_gates(x2)
        a = xp.tanh(a1 + a2)
        i = _sigmoid(i1 + i2)
        f1 = _sigmoid(f1)
        f2 = _sigmoid(f2)
        o = _sigmoid(o1 + o2)
        c = a * i
        c += f1 * c_prev1
        c += f2 * c_prev2
        tanh_c = xp.tanh(c)
        self._saved = a, i, f1, f2, o, tanh_c
        return c, o * tanh_c

    def backward(self, inputs, grad_outputs):
        c_prev1, c_prev2, x1, x2 = inputs
        gc, gh = grad_outputs
        xp = cuda.get_array_module(x1)
        a, i, f1, f2, o, tanh_c = self._saved

        gc = _cell_grad(gc, gh, o, tanh_c)
        if gc is None:
            gc = xp.zeros_like(tanh_c)
        # c = a i + f1 c1 + f2 c2,  h = o tanh(c); a, i and o see x1 + x2, so both
        # children get the same gradient for them.
        ga = gc * i * (1 - a * a)
        gi = gc * a * i * (1 - i)
        gf1 = gc * c_prev1 * f1 * (1 - f1)
        gf2 = gc * c_prev2 * f2 * (1 - f2)
        go = xp.zeros_like(o) if gh is None else gh * tanh_c * o * (1 - o)
        return (gc * f1, gc * f2,
                _pack_gates(ga, gi, gf1, go), _pack_gates(ga, gi, gf2, go))


def slstm(c_prev1, c_prev2, x1, x2):
    """S-LSTM units as an activation function (LSTM over binary trees).

    Each incoming signal ``x1``, ``x2`` (shape ``(B, 4 C, ...)``, gates interleaved per
    unit as in :func:`lstm`) holds ``a_k, i_k, f_k, o_k``; with the children's cell
    states ``c_prev1``, ``c_prev2`` (shape ``(B, C, ...)``):

    .. math::
        c &= \\tanh(a_1 + a_2)\\,\\sigma(i_1 + i_2) + c_{1prev}\\,\\sigma(f_1)
             + c_{2prev}\\,\\sigma(f_2), \\\\
        h &= \\tanh(c)\\,\\sigma(o_1 + o_2).

    Args:
        c_prev1 (~chainer.Variable or array): Cell state of the first child.
        c_prev2 (~chainer.Variable or array): Cell state of the second child.
        x1 (~chainer.Variable or array): Incoming signal from the first child.
        x2 (~chainer.Variable or array): Incoming signal from the second child.

    Returns:
        tuple: ``(c, h)``: the cell state and the outgoing signal.
    """
    return SLSTM()(c_prev1, c_prev2, x1, x2)
