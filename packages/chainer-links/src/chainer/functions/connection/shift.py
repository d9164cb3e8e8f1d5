"""The shift operation (v5+): ``F.shift``, a zero-FLOP, parameter-free alternative to a
spatial convolution (Wu et al., 2017, arXiv:1711.08141)."""
from chainer import cuda
from chainer import function_node
from chainer.utils import conv_nd
from chainer.utils import type_check


def _channel_offsets(c, kh, kw):
    """``(start, stop, ky, kx)`` per channel group: the ``kh * kw`` groups of
    ``c // (kh kw)`` channels move by the offsets of a ``kh x kw`` window (row-major),
    the centre group taking the last offset and the last group (with the remaining
    channels) the centre one, i.e. no shift."""
    n_groups = kh * kw
    size = c // n_groups
    centre = (n_groups - 1) // 2
    groups = []
    for i in range(n_groups):
        g = n_groups - 1 if i == centre else centre if i == n_groups - 1 else i
        stop = (i + 1) * size if i < n_groups - 1 else c
        groups.append((i * size, stop, g // kw - kh // 2, g % kw - kw // 2))
    return groups


def _shift_array(x, kh, kw, dy, dx):
    """``y[:, ch, r, q] = x[:, ch, r - ky dy, q - kx dx]`` (zero outside ``x``)."""
    xp = cuda.get_array_module(x)
    y = xp.zeros_like(x)
    h, w = x.shape[2:]
    for start, stop, ky, kx in _channel_offsets(x.shape[1], kh, kw):
        oy, ox = ky * dy, kx * dx
        if abs(oy) >= h or abs(ox) >= w:
            continue
        y[:, start:stop, max(oy, 0):h + min(oy, 0), max(ox, 0):w + min(ox, 0)] = \
            x[:, start:stop, max(-oy, 0):h + min(-oy, 0), max(-ox, 0):w + min(-ox, 0)]
    return y


class Shift(function_node.FunctionNode):
    """Moves channel groups of an image by the offsets of a ``kh x kw`` window (times
    ``dilate``). Linear; its gradient is the opposite shift, so it is differentiable to
    any order.

    Args:
        ksize (int or pair of odd ints): the window.
        dilate (int or pair of ints): the offset unit per axis (negative: the opposite
            direction).
    """

    def __init__(self, ksize=3, dilate=1):
        self.kh, self.kw = conv_nd.as_tuple(ksize, 2)
        if self.kh % 2 != 1 or self.kw % 2 != 1:
            raise ValueError('shift: ksize must be odd, got {}'.format((self.kh, self.kw)))
        self.dy, self.dx = conv_nd.as_tuple(dilate, 2)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 4,
            x_type.shape[1] >= self.kh * self.kw,
        )

    def forward(self, inputs):
        return _shift_array(inputs[0], self.kh, self.kw, self.dy, self.dx),

    def backward(self, indexes, grad_outputs):
        return Shift((self.kh, self.kw), (-self.dy, -self.dx)).apply(grad_outputs)


def shift(x, ksize=3, dilate=1):
    """Shift function: each group of channels moves by one offset of a window.

    The ``c`` channels form ``kh * kw`` groups of ``c // (kh kw)`` (the last one also
    takes the remainder); group ``g`` moves by ``(ky d_Y, kx d_X)`` where ``(ky, kx)``
    is the ``g``-th offset of the centred ``kh x kw`` window, except that the centre
    group and the last one trade offsets (so the remainder channels stay in place).
    Places moved in from outside the image are zero.

    Args:
        x (~chainer.Variable or array): input ``(n, c, h, w)`` with ``c >= kh kw``.
        ksize (int or pair of odd ints): window size.
        dilate (int or pair of ints): offset unit per axis.

    Returns:
        ~chainer.Variable: output of the shape of ``x``.

    It is differentiable to any order (linear).
    """
    return Shift(ksize, dilate).apply((x,))[0]
