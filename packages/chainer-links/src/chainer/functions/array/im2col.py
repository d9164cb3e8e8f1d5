"""Extracting the patches of an image into its channels: ``im2col``."""
from chainer import function
from chainer.utils import conv_nd
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


def _checked(name, value, least):
    """``value`` as a pair; ValueError naming ``name`` when an element is below
    ``least`` (a window of no pixels, a zero stride, a negative padding)."""
    pair = conv_nd.as_tuple(value, 2)
    if any(v < least for v in pair):
        raise ValueError('im2col: {} must be at least {} on each axis, got {!r}'.format(
            name, least, value))
    return pair


class Im2Col(function.Function):
    """Rearranges the ``(kh, kw)`` patches of an image ``(n, c, h, w)`` into the
    channels of an ``(n, c * kh * kw, out_h, out_w)`` array.

    Args:
        ksize, stride, pad, dilate (int or pair of ints): window size, stride, zero
            padding and dilation per spatial axis.
        cover_all (bool): whether the last windows may run past the padded image so
            that every input pixel is covered.
    """

    def __init__(self, ksize, stride, pad, cover_all, dilate):
        self.kh, self.kw = _checked('ksize', ksize, 1)
        self.sy, self.sx = _checked('stride', stride, 1)
        self.ph, self.pw = _checked('pad', pad, 0)
        self.dy, self.dx = _checked('dilate', dilate, 1)
        self.cover_all = cover_all

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 4)

    def forward(self, inputs):
        col = conv_nd.im2col_nd(
            inputs[0], (self.kh, self.kw), (self.sy, self.sx), (self.ph, self.pw),
            cover_all=self.cover_all, dilate=(self.dy, self.dx))
        n, c, kh, kw, out_h, out_w = col.shape
        return col.reshape(n, c * kh * kw, out_h, out_w),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: Im2Col(
                    (self.kh, self.kw), (self.sy, self.sx), (self.ph, self.pw),
                    self.cover_all, (self.dy, self.dx))(*a))
        x, gy = inputs[0], grad_outputs[0]
        n, c, h, w = x.shape
        col = gy.reshape((n, c, self.kh, self.kw) + gy.shape[2:])
        gx = conv_nd.col2im_nd(col, (self.sy, self.sx), (self.ph, self.pw), (h, w),
                               dilate=(self.dy, self.dx))
        return gx,


def im2col(x, ksize, stride=1, pad=0, cover_all=False, dilate=1):
    """Extracts the patches of an image into the channel axis.

    ``y[b, (ch * kh + i) * kw + j, oy, ox]`` is
    ``x[b, ch, oy * sy + i * dy - ph, ox * sx + j * dx - pw]``, zero outside the
    image. The output size is that of a convolution:
    :func:`chainer.utils.conv.get_conv_outsize` of each spatial axis.

    Args:
        x (~chainer.Variable or array): float image of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): patch size ``(kh, kw)``.
        stride (int or pair of ints): distance ``(sy, sx)`` between patches.
        pad (int or pair of ints): zero padding ``(ph, pw)`` on both sides.
        cover_all (bool): if True, add windows until every pixel is in one; the
            output may grow.
        dilate (int or pair of ints): spacing ``(dy, dx)`` of the patch elements.

    Returns:
        ~chainer.Variable: the patches, of shape ``(n, c * kh * kw, out_h, out_w)``.

    Raises:
        ValueError: ``ksize``, ``stride`` or ``dilate`` below 1, or ``pad`` below 0,
            on an axis (the message names the argument).
    """
    return Im2Col(ksize, stride, pad, cover_all, dilate)(x)
