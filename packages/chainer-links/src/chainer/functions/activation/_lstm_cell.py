"""Host-side LSTM cell arithmetic on gate-major arrays, shared by ``F.lstm`` and the
fused step behind ``L.LSTM`` (:mod:`chainer.functions.activation._fused_lstm`).

Chainer interleaves the four gate sources per unit (unit ``k`` reads ``a, i, f, o``
at ``4k .. 4k + 3``, the layout trained weights depend on). Elementwise numpy passes
over stride-4 views are several times slower than over contiguous memory, so the
cell first copies the gate sources into one contiguous ``(4, B, C, ...)`` array
("gate-major": ``G[0]`` is ``a``, ``G[1]`` ``i``, ``G[2]`` ``f``, ``G[3]`` ``o``),
works there in place, and interleaves the gate gradients back once at the end.
"""
import numpy


def gate_major(interleaved, out=None, bias=None):
    """Copies the gate sources into a contiguous gate-major array.

    Args:
        interleaved (numpy.ndarray): gate sources of shape ``(B, 4 C, ...)``.
        out (numpy.ndarray or None): destination of shape ``(4, B, C, ...)``.
        bias (numpy.ndarray or None): ``(4 C,)`` bias added on the way (2-d only).

    Returns:
        numpy.ndarray: ``G`` with ``G[g, b, k, ...] = interleaved[b, 4 k + g, ...]``.
    """
    b, c4 = interleaved.shape[:2]
    rest = interleaved.shape[2:]
    view = numpy.moveaxis(interleaved.reshape((b, c4 // 4, 4) + rest), 2, 0)
    if out is None:
        out = numpy.empty(view.shape, dtype=interleaved.dtype)
    if bias is None:
        numpy.copyto(out, view)
    else:
        numpy.add(view, gate_major_bias(bias), out=out)
    return out


def gate_major_bias(bias):
    """The ``(4 C,)`` interleaved bias as a ``(4, 1, C)`` view (broadcasts over B)."""
    return bias.reshape(-1, 4).T[:, None, :]


def interleave(G):
    """Inverse of :func:`gate_major`: ``(4, B, C, ...)`` to a new ``(B, 4 C, ...)``."""
    _, b, c = G.shape[:3]
    rest = G.shape[3:]
    out = numpy.empty((b, c, 4) + rest, dtype=G.dtype)
    numpy.copyto(numpy.moveaxis(out, 2, 0), G)
    return out.reshape((b, 4 * c) + rest)


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


def cell_backward(G, tanh_c, c_prev, gc, gh):
    """Gradients of the gate sources and of the previous cell state.

    With :math:`g_c = g_c^{in} + g_h\\, o\\, (1 - \\tanh^2 c)` (the gradient reaching the
    new cell state):

    .. math::
        g_a = g_c\\, i\\, (1 - a^2), \\quad g_i = g_c\\, a\\, i (1 - i), \\quad
        g_f = g_c\\, c_{prev} f (1 - f), \\quad g_o = g_h \\tanh(c)\\, o (1 - o),
        \\quad g_{c_{prev}} = g_c f

    Args:
        G (numpy.ndarray): the activated gates of forward, ``(4, B, C, ...)``.
        tanh_c (numpy.ndarray): ``tanh(c)`` of forward.
        c_prev (numpy.ndarray): the previous cell state (first ``B`` rows).
        gc (numpy.ndarray or None): gradient of the new cell state (first ``B`` rows).
        gh (numpy.ndarray or None): gradient of the output ``h``.

    Returns:
        tuple: ``(GG, gc_prev)``: gate-source gradients ``(4, B, C, ...)`` (gate-major,
        before the nonlinearities) and the gradient of ``c_prev`` (new arrays).
    """
    one = G.dtype.type(1)
    a, i, f, o = G
    GG = numpy.empty_like(G)
    ga, gi, gf, go = GG
    if gh is None:
        g = numpy.zeros_like(tanh_c) if gc is None else gc.copy()
        go.fill(0)
    else:
        # go = gh tanh(c) o (1 - o); g = gc + gh o (1 - tanh(c)^2)
        g = numpy.multiply(gh, o)
        numpy.subtract(one, o, out=go)
        go *= g
        go *= tanh_c
        t2 = numpy.multiply(tanh_c, tanh_c)
        numpy.subtract(one, t2, out=t2)
        g *= t2
        if gc is not None:
            g += gc
    numpy.multiply(a, a, out=ga)
    numpy.subtract(one, ga, out=ga)
    ga *= i
    ga *= g
    numpy.subtract(one, i, out=gi)
    gi *= i
    gi *= a
    gi *= g
    numpy.subtract(one, f, out=gf)
    gf *= f
    gf *= c_prev
    gf *= g
    g *= f  # now the gradient of c_prev
    return GG, g
