"""The gradient nodes of the LSTM cells, so that ``F.lstm`` and ``F.slstm`` can be
differentiated twice (and more): ``LSTMGrad`` and ``SLSTMGrad`` (v3+ names).

Both cells are one case of a cell with ``K`` children: child ``k`` brings a cell state
``c_k`` and an incoming signal ``x_k`` holding, interleaved per unit, the sources of
``a_k, i_k, f_k, o_k``; then

.. math::
    c = \\sum_k \\tanh(a_k)\\,\\sigma(i_k) + \\sigma(f_k)\\,c_k, \\qquad
    h = \\sigma(\\textstyle\\sum_k o_k) \\tanh(c)

(``F.lstm``: ``K = 1``; ``F.slstm``: ``K = 2``). A gradient node takes the cell's
inputs, its new cell state ``c_next`` and the output gradients ``gc, gh``, and returns
the input gradients; its own backward applies the closed-form second derivatives with
differentiable functions, so it can be differentiated again.
"""
import chainer
from chainer import function
from chainer import variable
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.tanh import tanh
from chainer.functions.array.concat import concat
from chainer.functions.array.reshape import reshape
from chainer.functions.array.stack import stack


def _split(x):
    """The four gate sources ``a, i, f, o`` of an interleaved ``(B, 4 C, ...)``
    Variable (differentiable views)."""
    shape = x.shape
    r = reshape(x, (shape[0], shape[1] // 4, 4) + tuple(shape[2:]))
    return [r[:, :, k] for k in range(4)]


def _pack(ga, gi, gf, go):
    """Inverse of :func:`_split`: interleaves four ``(B, C, ...)`` Variables."""
    shape = ga.shape
    return reshape(stack((ga, gi, gf, go), axis=2),
                   (shape[0], shape[1] * 4) + tuple(shape[2:]))


def _activated(xs):
    """``(a, i, f)`` per child and the shared output gate ``o``."""
    gates = []
    o_src = None
    for x in xs:
        a, i, f, o = _split(x)
        gates.append((tanh(a), sigmoid(i), sigmoid(f)))
        o_src = o if o_src is None else o_src + o
    return gates, sigmoid(o_src)


def _cell_grads(cs, xs, c_next, gc, gh):
    """First derivatives ``(gcs, gxs)`` of the ``K``-child cell, as Variables."""
    gates, o = _activated(xs)
    co = tanh(c_next)
    gct = gc + gh * o * (1 - co * co)
    go = gh * co * o * (1 - o)
    gcs = [gct * f for _, _, f in gates]
    gxs = [_pack(gct * i * (1 - a * a), gct * a * i * (1 - i),
                 gct * c * f * (1 - f), go)
           for (a, i, f), c in zip(gates, cs)]
    return gcs, gxs


def _cell_grad_grads(cs, xs, c_next, gc, gh, ggcs, ggxs):
    """Gradients of ``sum(ggcs * gcs) + sum(ggxs * gxs)`` (the outputs of
    :func:`_cell_grads`) by ``cs, xs, c_next, gc, gh``, as Variables.

    With :math:`t = 1 - \\tanh^2 c_{next}`, :math:`g = g_c + g_h o t` and
    :math:`S = \\partial L / \\partial g`, every term is the chain rule through
    :math:`a_k, i_k, f_k, o` and :math:`\\tanh c_{next}`.
    """
    gates, o = _activated(xs)
    co = tanh(c_next)
    t = 1 - co * co
    gct = gc + gh * o * t
    do = o * (1 - o)
    S = None
    G_o = None
    g_cs, g_xs = [], []
    for (a, i, f), c, ggc, ggx in zip(gates, cs, ggcs, ggxs):
        gga, ggi, ggf, ggo = _split(ggx)
        da, di, df = 1 - a * a, i * (1 - i), f * (1 - f)
        s = ggc * f + gga * i * da + ggi * a * di + ggf * c * df
        S = s if S is None else S + s
        G_o = ggo if G_o is None else G_o + ggo
        g_cs.append(ggf * gct * df)
        g_xs.append((gct * i * ((1 - i) * ggi - 2 * a * gga) * da,
                     gct * (da * gga + a * (1 - 2 * i) * ggi) * di,
                     gct * (ggc + c * (1 - 2 * f) * ggf) * df))
    g_o = (S * gh * t + G_o * gh * co * (1 - 2 * o)) * do
    g_xs = [_pack(ga, gi, gf, g_o) for ga, gi, gf in g_xs]
    g_gc = S
    g_gh = S * o * t + G_o * co * do
    g_cn = (G_o * do - 2 * S * o * co) * gh * t
    return g_cs, g_xs, g_cn, g_gc, g_gh


def _wrap(arrays):
    return [variable.Variable(a, requires_grad=False) for a in arrays]


def _zeros_like(v):
    return variable.Variable(v.xp.zeros_like(v.array), requires_grad=False)


def _or_zeros(gs, refs):
    return [_zeros_like(r) if g is None else g for g, r in zip(gs, refs)]


class _CellGrad(function.Function):
    """A gradient node: ``forward`` and ``backward`` evaluate Variable expressions
    (``_grads`` and ``_grad_grads``), on plain arrays without a graph, or on the
    Variables of a double backprop (differentiable again)."""

    _differentiable_backward = True

    def forward(self, inputs):
        with chainer.no_backprop_mode():
            outs = self._grads(*_wrap(inputs))
        return tuple([y.array for y in outs])

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):
            return self._grad_grads(inputs, grad_outputs)
        inputs = _wrap(inputs)
        ggs = [None if g is None else variable.Variable(g, requires_grad=False)
               for g in grad_outputs]
        with chainer.no_backprop_mode():
            gxs = self._grad_grads(inputs, ggs)
        return tuple([g.array for g in gxs])


class LSTMGrad(_CellGrad):
    """The gradient of :func:`~chainer.functions.lstm` as a function.

    Inputs ``(c_prev, x, c_next, gc, gh)``: the cell's inputs, its new cell state and
    the gradients of its outputs ``c`` (shape of ``c_prev``) and ``h`` (shape
    ``(len(x), C, ...)``). Outputs ``(gc_prev, gx)``. ``c_next`` enters through
    :math:`\\tanh(c_{next})` as an input of its own. Rows of ``c_prev`` beyond
    ``len(x)`` pass ``gc`` through. Differentiable again.
    """

    @staticmethod
    def _grads(c_prev, x, c_next, gc, gh):
        b = x.shape[0]
        gcs, gxs = _cell_grads([c_prev[:b]], [x], c_next[:b], gc[:b], gh)
        gc_prev = gcs[0]
        if b < c_prev.shape[0]:
            gc_prev = concat((gc_prev, gc[b:]), axis=0)
        return gc_prev, gxs[0]

    @staticmethod
    def _grad_grads(inputs, grad_outputs):
        c_prev, x, c_next, gc, gh = inputs
        ggc_prev, ggx = _or_zeros(grad_outputs, (c_prev, x))
        b, n = x.shape[0], c_prev.shape[0]
        g_cs, g_xs, g_cn, g_gc, g_gh = _cell_grad_grads(
            [c_prev[:b]], [x], c_next[:b], gc[:b], gh, [ggc_prev[:b]], [ggx])
        g_cp = g_cs[0]
        if b < n:
            zeros = _zeros_like(c_prev[b:])
            g_cp = concat((g_cp, zeros), axis=0)
            g_cn = concat((g_cn, zeros), axis=0)
            g_gc = concat((g_gc, ggc_prev[b:]), axis=0)
        return g_cp, g_xs[0], g_cn, g_gc, g_gh


class SLSTMGrad(_CellGrad):
    """The gradient of :func:`~chainer.functions.slstm` as a function.

    Inputs ``(c_prev1, c_prev2, x1, x2, c_next, gc, gh)``; outputs
    ``(gc_prev1, gc_prev2, gx1, gx2)``. Differentiable again.
    """

    @staticmethod
    def _grads(c1, c2, x1, x2, c_next, gc, gh):
        gcs, gxs = _cell_grads([c1, c2], [x1, x2], c_next, gc, gh)
        return tuple(gcs) + tuple(gxs)

    @staticmethod
    def _grad_grads(inputs, grad_outputs):
        c1, c2, x1, x2, c_next, gc, gh = inputs
        ggs = _or_zeros(grad_outputs, (c1, c2, x1, x2))
        g_cs, g_xs, g_cn, g_gc, g_gh = _cell_grad_grads(
            [c1, c2], [x1, x2], c_next, gc, gh, ggs[:2], ggs[2:])
        return tuple(g_cs) + tuple(g_xs) + (g_cn, g_gc, g_gh)


def lstm_grad(c_prev, x, c_next, gc, gh):
    """``(gc_prev, gx)`` of :func:`~chainer.functions.lstm` as differentiable
    Variables (missing output gradients given as None count as zeros)."""
    gc, gh = _or_zeros((gc, gh), (c_next, c_next[:x.shape[0]]))
    return LSTMGrad()(c_prev, x, c_next, gc, gh)


def slstm_grad(c_prev1, c_prev2, x1, x2, c_next, gc, gh):
    """``(gc_prev1, gc_prev2, gx1, gx2)`` of :func:`~chainer.functions.slstm` as
    differentiable Variables (None output gradients count as zeros)."""
    gc, gh = _or_zeros((gc, gh), (c_next, c_next))
    return SLSTMGrad()(c_prev1, c_prev2, x1, x2, c_next, gc, gh)
