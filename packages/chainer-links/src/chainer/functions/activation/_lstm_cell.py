"""Host-side LSTM cell arithmetic on gate-major arrays, shared by ``F.lstm`` and the
fused step behind ``L.LSTM`` (:mod:`chainer.functions.activation._fused_lstm`).

Chainer interleaves the four gate sources per unit (unit ``k`` reads ``a, i, f, o``
at ``4k .. 4k + 3``, the layout trained weights depend on). Elementwise numpy passes
over stride-4 views are several times slower than over contiguous memory, so the
cell first copies the gate sources into one contiguous ``(4, B, C, ...)`` array
("gate-major": ``G[0]`` is ``a``, ``G[1]`` ``i``, ``G[2]`` ``f``, ``G[3]`` ``o``),
works there in place, and writes the gate gradients back into the interleaved layout
with the last product of each gate.
"""
import numpy


def gate_view(interleaved):
    """The gate-major view ``(4, B, C, ...)`` of a C-contiguous ``(B, 4 C, ...)`` array
    (strided, no copy): ``view[g, b, k, ...] = interleaved[b, 4 k + g, ...]``."""
    b, c4 = interleaved.shape[:2]
    r = interleaved.reshape((b, c4 // 4, 4) + interleaved.shape[2:])
    return r.transpose((2, 0, 1) + tuple(range(3, r.ndim)))


def gate_major(interleaved):
    """A contiguous copy of :func:`gate_view` of the gate sources ``(B, 4 C, ...)``.

    Always a new array (the cell works on it in place): where the view happens to be
    contiguous already (one row or one unit), ``ascontiguousarray`` would return it.
    """
    return numpy.array(gate_view(interleaved), order='C', copy=True)


def gate_major_bias(bias):
    """The ``(4 C,)`` interleaved bias as a ``(4, 1, C)`` view (broadcasts over B)."""
    return bias.reshape(-1, 4).T[:, None, :]


def activate(G):
    """Applies the gate nonlinearities in place: ``tanh`` to ``G[0]`` (the cell input
    ``a``) and the logistic sigmoid to ``G[1:]`` (the gates ``i, f, o``).

    The sigmoid is computed as :math:`\\sigma(z) = (1 + \\tanh(z / 2)) / 2`, which never
    overflows, so one ``tanh`` pass covers all four gates.
    """
    half = G.dtype.type(0.5)
    gates = G[1:]
    gates *= half
    numpy.tanh(G, out=G)
    gates *= half
    gates += half


def cell_forward(G, c_prev):
    """The new cell state and output from activated gates.

    .. math:: c = a\\,i + f\\,c_{prev}, \\qquad h = o \\tanh(c)

    Args:
        G (numpy.ndarray): activated gates ``(4, B, C, ...)`` (see :func:`activate`).
        c_prev (numpy.ndarray): previous cell state ``(B, C, ...)``.

    Returns:
        tuple: ``(c, h, tanh_c)``, new arrays of shape ``(B, C, ...)``.
    """
    a, i, f, o = G
    c = numpy.multiply(a, i)
    h = numpy.multiply(f, c_prev)
    c += h
    tanh_c = numpy.tanh(c)
    numpy.multiply(o, tanh_c, out=h)
    return c, h, tanh_c


def cell_backward(G, tanh_c, c_prev, gc, gh, out):
    """Gradients of the gate sources and of the previous cell state.

    With :math:`g_c = g_c^{in} + g_h\\, o\\, (1 - \\tanh^2 c)` (the gradient reaching the
    new cell state):

    .. math::
        g_a = g_c\\, i\\, (1 - a^2), \\quad g_i = g_c\\, a\\, i (1 - i), \\quad
        g_f = g_c\\, c_{prev} f (1 - f), \\quad g_o = g_h \\tanh(c)\\, o (1 - o),
        \\quad g_{c_{prev}} = g_c f

    Each gate's product is formed in a contiguous scratch array and written to ``out``
    by its last multiplication only, so ``out`` may be the strided :func:`gate_view` of
    the interleaved gradient (no separate interleaving pass).

    Args:
        G (numpy.ndarray): the activated gates of forward, ``(4, B, C, ...)``.
        tanh_c (numpy.ndarray): ``tanh(c)`` of forward.
        c_prev (numpy.ndarray): the previous cell state (first ``B`` rows).
        gc (numpy.ndarray or None): gradient of the new cell state (first ``B`` rows).
        gh (numpy.ndarray or None): gradient of the output ``h``.
        out (numpy.ndarray): ``(4, B, C, ...)`` destination of the gate-source
            gradients (before the nonlinearities).

    Returns:
        numpy.ndarray: the gradient of ``c_prev`` (a new array).
    """
    one = G.dtype.type(1)
    a, i, f, o = G
    ga, gi, gf, go = out
    tmp = numpy.empty_like(tanh_c)
    if gh is None:
        g = numpy.zeros_like(tanh_c) if gc is None else gc.copy()
        go.fill(0)
    else:
        g = numpy.multiply(gh, o)
        numpy.subtract(one, o, out=tmp)
        tmp *= tanh_c
        numpy.multiply(tmp, g, out=go)  # gh o (1 - o) tanh(c)
        numpy.multiply(tanh_c, tanh_c, out=tmp)
        numpy.subtract(one, tmp, out=tmp)
        g *= tmp
        if gc is not None:
            g += gc
    numpy.multiply(a, a, out=tmp)
    numpy.subtract(one, tmp, out=tmp)
    tmp *= i
    numpy.multiply(tmp, g, out=ga)
    numpy.subtract(one, i, out=tmp)
    tmp *= i
    tmp *= a
    numpy.multiply(tmp, g, out=gi)
    numpy.subtract(one, f, out=tmp)
    tmp *= f
    tmp *= c_prev
    numpy.multiply(tmp, g, out=gf)
    g *= f  # now the gradient of c_prev
    return g
