"""The S-LSTM cell for binary trees: ``F.slstm``."""
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions.activation._lstm_grad import SLSTMGrad  # noqa: F401 (v3+ name)
from chainer.functions.activation._lstm_grad import slstm_grad
from chainer.functions.activation.lstm import _cell_grad
from chainer.functions.activation.lstm import _extract_gates
from chainer.functions.activation.lstm import _pack_gates
from chainer.functions.activation.sigmoid import _sigmoid
from chainer.utils import type_check


class SLSTM(function.Function):
    """S-LSTM cell merging two child nodes (see :func:`slstm`).

    Its backward runs on arrays; in a double backprop (Variables) it applies
    :class:`SLSTMGrad`, so the gradients can be differentiated again.
    """

    _differentiable_backward = True

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
        # Each child's input enters through its own gate, as Chainer v1 computes it
        # (its docstring showed tanh(a1 + a2) sigmoid(i1 + i2) instead).
        gates1 = xp.tanh(a1), _sigmoid(i1), _sigmoid(f1)
        gates2 = xp.tanh(a2), _sigmoid(i2), _sigmoid(f2)
        o = _sigmoid(o1 + o2)
        c = gates1[0] * gates1[1]
        c += gates2[0] * gates2[1]
        c += gates1[2] * c_prev1
        c += gates2[2] * c_prev2
        tanh_c = xp.tanh(c)
        self._saved = gates1, gates2, o, tanh_c
        return c, o * tanh_c

    def backward(self, inputs, grad_outputs):
        """Input gradients: on arrays, or as differentiable Variables in a double
        backprop."""
        c_prev1, c_prev2, x1, x2 = inputs
        gc, gh = grad_outputs
        if isinstance(gc, variable.Variable):
            c_next = self.outputs[0]()
            if c_next is None:  # the caller dropped c: compute it again
                c_next = SLSTM()(c_prev1, c_prev2, x1, x2)[0]
            return slstm_grad(c_prev1, c_prev2, x1, x2, c_next, gc, gh)
        xp = cuda.get_array_module(x1)
        gates1, gates2, o, tanh_c = self._saved

        gc = _cell_grad(gc, gh, o, tanh_c)
        if gc is None:
            gc = xp.zeros_like(tanh_c)
        # c = a1 i1 + a2 i2 + f1 c1 + f2 c2,  h = o tanh(c); o sees o1 + o2, so both
        # children get the same gradient for it.
        go = xp.zeros_like(o) if gh is None else gh * tanh_c * o * (1 - o)
        gx1 = _child_grad(gc, gates1, c_prev1, go)
        gx2 = _child_grad(gc, gates2, c_prev2, go)
        return gc * gates1[2], gc * gates2[2], gx1, gx2


def _child_grad(gc, gates, c_prev, go):
    """Gradient of one child's incoming signal: ``gates`` are its ``tanh(a)``,
    ``sigmoid(i)`` and ``sigmoid(f)``; ``gc`` the cell gradient, ``go`` the output
    gate's."""
    a, i, f = gates
    return _pack_gates(gc * i * (1 - a * a), gc * a * i * (1 - i),
                       gc * c_prev * f * (1 - f), go)


def slstm(c_prev1, c_prev2, x1, x2):
    """S-LSTM units as an activation function (LSTM over binary trees).

    Each incoming signal ``x1``, ``x2`` (shape ``(B, 4 C, ...)``, gates interleaved per
    unit as in :func:`lstm`) holds ``a_k, i_k, f_k, o_k``; with the children's cell
    states ``c_prev1``, ``c_prev2`` (shape ``(B, C, ...)``):

    .. math::
        c &= \\tanh(a_1)\\,\\sigma(i_1) + \\tanh(a_2)\\,\\sigma(i_2)
             + c_{1prev}\\,\\sigma(f_1) + c_{2prev}\\,\\sigma(f_2), \\\\
        h &= \\tanh(c)\\,\\sigma(o_1 + o_2).

    This is what Chainer v1 computes (its documentation wrote the input term as
    :math:`\\tanh(a_1 + a_2)\\,\\sigma(i_1 + i_2)`).

    Args:
        c_prev1 (~chainer.Variable or array): Cell state of the first child.
        c_prev2 (~chainer.Variable or array): Cell state of the second child.
        x1 (~chainer.Variable or array): Incoming signal from the first child.
        x2 (~chainer.Variable or array): Incoming signal from the second child.

    Returns:
        tuple: ``(c, h)``: the cell state and the outgoing signal. Differentiable to
        any order.
    """
    return SLSTM()(c_prev1, c_prev2, x1, x2)
