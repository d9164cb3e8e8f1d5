"""The fused LSTM cell: ``F.lstm``."""
import numpy

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions.activation import _lstm_cell
from chainer.functions.activation._lstm_grad import LSTMGrad  # noqa: F401 (v3+ name)
from chainer.functions.activation._lstm_grad import lstm_grad
from chainer.utils import type_check


def _extract_gates(x):
    """Splits the LSTM input ``x`` of shape ``(B, 4 C, ...)`` into ``a, i, f, o``.

    Chainer's layout (kept so that weights trained with Chainer v1 work unchanged):
    the second axis is read as ``(C, 4)``, so unit ``k`` has its four gate sources at
    ``4k, 4k + 1, 4k + 2, 4k + 3`` in the order ``a, i, f, o``. Returns views.
    """
    r = x.reshape((x.shape[0], x.shape[1] // 4, 4) + x.shape[2:])
    return [r[:, :, k] for k in range(4)]


def _pack_gates(ga, gi, gf, go):
    """Inverse of :func:`_extract_gates`: interleaves four gate arrays along axis 1."""
    xp = cuda.get_array_module(ga)
    stacked = xp.stack((ga, gi, gf, go), axis=2)
    return stacked.reshape((ga.shape[0], ga.shape[1] * 4) + ga.shape[2:])


def _cell_grad(gc, gh, o, tanh_c):
    """Gradient reaching the new cell state: ``gc + gh * o * (1 - tanh(c)^2)``."""
    if gh is None:
        return gc
    g = gh * o * (1 - tanh_c * tanh_c)
    if gc is not None:
        g += gc
    return g


class LSTM(function.Function):
    """Fused LSTM cell with forget gates (see :func:`lstm`).

    Its backward runs on arrays; in a double backprop (Variables) it applies
    :class:`LSTMGrad`, so the gradients can be differentiated again.
    """

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        c_type, x_type = in_types
        type_check.expect(
            c_type.dtype.kind == 'f',
            x_type.dtype == c_type.dtype,
            c_type.ndim >= 2,
            x_type.ndim == c_type.ndim,
            x_type.shape[0] <= c_type.shape[0],
            x_type.shape[1] == 4 * c_type.shape[1],
        )
        for i in range(2, type_check.eval(c_type.ndim)):
            type_check.expect(x_type.shape[i] == c_type.shape[i])

    def backward(self, inputs, grad_outputs):
        """Input gradients: on arrays (the fast path), or as differentiable
        Variables in a double backprop."""
        if isinstance(grad_outputs[0], variable.Variable):
            c_prev, x = inputs
            c_next = self.outputs[0]()
            if c_next is None:  # the caller dropped c: compute it again
                c_next = LSTM()(c_prev, x)[0]
            return lstm_grad(c_prev, x, c_next, *grad_outputs)
        return super(LSTM, self).backward(inputs, grad_outputs)

    def forward_cpu(self, inputs):
        # Gate-major contiguous copy of x, activated in place (see _lstm_cell).
        c_prev, x = inputs
        batch = len(x)
        G = _lstm_cell.gate_major(x)
        _lstm_cell.activate(G)
        c_new, h, tanh_c = _lstm_cell.cell_forward(G, c_prev[:batch])
        self._saved = G, tanh_c
        if batch < len(c_prev):
            # Shorter sequences have ended: their cell states pass through unchanged.
            c = numpy.concatenate((c_new, c_prev[batch:]), axis=0)
        else:
            c = c_new
        return c, h

    def backward_cpu(self, inputs, grad_outputs):
        c_prev, x = inputs
        gc, gh = grad_outputs
        batch = len(x)
        G, tanh_c = self._saved
        gx = numpy.empty(x.shape, dtype=x.dtype)
        gc_head = _lstm_cell.cell_backward(
            G, tanh_c, c_prev[:batch], None if gc is None else gc[:batch], gh,
            _lstm_cell.gate_view(gx))
        if batch == len(c_prev):
            return gc_head, gx
        gc_prev = numpy.empty_like(c_prev)
        gc_prev[:batch] = gc_head
        gc_prev[batch:] = 0 if gc is None else gc[batch:]
        return gc_prev, gx

    def forward_gpu(self, inputs):
        # One fused kernel (lstm_fwd) over strided views of the interleaved gates.
        c_prev, x = inputs
        xp = cuda.get_array_module(x)
        batch = len(x)
        a, i, f, o = _extract_gates(x)
        c_new, h = cuda.kernel('lstm_fwd')(c_prev[:batch], a, i, f, o)
        self._c_new = c_new
        if batch < len(c_prev):
            return xp.concatenate((c_new, c_prev[batch:]), axis=0), h
        return c_new, h

    def backward_gpu(self, inputs, grad_outputs):
        # lstm_bwd writes the four gate gradients straight into the interleaved gx.
        c_prev, x = inputs
        gc, gh = grad_outputs
        xp = cuda.get_array_module(x)
        batch = len(x)
        c_new = self._c_new
        gc_new = xp.zeros_like(c_new) if gc is None else gc[:batch]
        gh = xp.zeros_like(c_new) if gh is None else gh
        gx = xp.empty_like(x)
        gc_prev = xp.empty_like(c_prev)
        a, i, f, o = _extract_gates(x)
        ga, gi, gf, go = _extract_gates(gx)
        cuda.kernel('lstm_bwd')(c_prev[:batch], a, i, f, o, c_new, gc_new, gh,
                                gc_prev[:batch], ga, gi, gf, go)
        if batch < len(c_prev):
            gc_prev[batch:] = 0 if gc is None else gc[batch:]
        return gc_prev, gx


def lstm(c_prev, x):
    """Long Short-Term Memory units as an activation function.

    The incoming signal ``x`` (shape ``(B, 4 C, ...)``) holds the sources of the cell
    input ``a``, the input gate ``i``, the forget gate ``f`` and the output gate ``o``;
    with ``c_prev`` of shape ``(B', C, ...)``, ``B <= B'``:

    .. math::
        c &= \\tanh(a)\\,\\sigma(i) + c_{prev}\\,\\sigma(f), \\\\
        h &= \\tanh(c)\\,\\sigma(o).

    The gate sources are interleaved per unit as in Chainer: the second axis of ``x``
    is read as ``(C, 4)`` holding ``(a, i, f, o)`` for each unit. When ``x`` has a
    smaller batch than ``c_prev`` (variable-length sequences sorted by decreasing
    length), only ``c[:len(x)]`` is updated and ``c[len(x):]`` is ``c_prev[len(x):]``.

    Args:
        c_prev (~chainer.Variable or array): The previous cell state.
        x (~chainer.Variable or array): The incoming signal, of the dtype of
            ``c_prev`` and four times its second dimension.

    Returns:
        tuple: ``(c, h)``: the updated cell state (shape of ``c_prev``) and the
        outgoing signal (shape ``(B, C, ...)``). Differentiable to any order.
    """
    return LSTM()(c_prev, x)
