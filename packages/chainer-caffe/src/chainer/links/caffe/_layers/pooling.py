"""Caffe's Pooling layer (MAX and AVE) with Caffe's output size and divisor.

Caffe's output size is ``ceil((H + 2 pad - k) / stride) + 1``, minus one when
padding is used and the last window would start inside the bottom/right padding.
The last window may therefore reach past ``H + pad``: the input is extended so
that Chainer's floor-rounded pooling produces exactly Caffe's windows (Caffe's
size is never below the floor-rounded one, as ``pad < kernel``). Average pooling
divides by the part of the window inside ``[-pad, H + pad)`` (padding included, the overhang not),
where Chainer's average pooling divides by the whole kernel.
"""
import numpy

import chainer.functions as F
from chainer import cuda
from chainer.links.caffe._layers import _common
from chainer.links.caffe._layers._registry import register

MAX = 0
AVE = 1


def output_size(size, k, s, p):
    """Caffe's pooled size of an axis of ``size`` (kernel ``k``, stride ``s``, pad ``p``)."""
    out = -(-(size + 2 * p - k) // s) + 1
    if p > 0 and (out - 1) * s >= size + p:
        out -= 1
    return out


def window_counts(size, out, k, s, p):
    """Number of positions of each output window inside ``[-p, size + p)``."""
    starts = numpy.arange(out) * s - p
    return numpy.minimum(starts + k, size + p) - starts


def _extend_axis(x, axis, length, fill):
    """``x`` extended with ``fill`` along ``axis`` to ``length`` (if it is shorter)."""
    size = x.shape[axis]
    if length <= size:
        return x
    shape = list(x.shape)
    shape[axis] = length - size
    xp = cuda.get_array_module(x.data)
    return F.concat((x, xp.full(shape, fill, dtype=x.dtype)), axis=axis)


def caffe_pooling_2d(x, method, ksize, stride, pad):
    """MAX or AVE pooling of NCHW ``x`` with Caffe's windows (see the module doc)."""
    if pad[0] >= ksize[0] or pad[1] >= ksize[1]:
        raise ValueError('pooling pad {} must be smaller than the kernel {}'.format(
            pad, ksize))
    h, w = x.shape[2:]
    outs = [output_size(n, k, s, p) for n, k, s, p in zip((h, w), ksize, stride, pad)]
    fill = 0 if method == AVE else numpy.finfo(x.dtype).min
    for axis, out, k, s, p in zip((2, 3), outs, ksize, stride, pad):
        x = _extend_axis(x, axis, (out - 1) * s + k - 2 * p, fill)
    if method == MAX:
        return F.max_pooling_2d(x, ksize, stride, pad, cover_all=False)
    y = F.average_pooling_2d(x, ksize, stride, pad)
    counts = [window_counts(n, out, k, s, p)
              for n, out, k, s, p in zip((h, w), outs, ksize, stride, pad)]
    if all((c == k).all() for c, k in zip(counts, ksize)):
        return y
    factor = (ksize[0] * ksize[1]) / numpy.outer(counts[0], counts[1])
    xp = cuda.get_array_module(y.data)
    return F.scale(y, xp.asarray(factor, dtype=y.dtype), axis=2)


@register('Pooling', params=('pooling_param',))
def build_pooling(layer, net):
    """MAX/AVE pooling (kernel, stride and pad as scalars or h/w; global_pooling)."""
    p = layer.params.pooling_param
    if p.pool not in (MAX, AVE):  # STOCHASTIC is refused before (see ``refused``)
        raise ValueError('layer {!r}: unknown pool method {}'.format(layer.name, p.pool))
    stride = _common.pair(p, 'stride', 'stride_h', 'stride_w')
    pad = _common.pair(p, 'pad', 'pad_h', 'pad_w')
    if p.global_pooling:
        if pad != (0, 0) or stride != (1, 1):
            raise ValueError('layer {!r}: global pooling takes no pad or stride'.format(
                layer.name))
        # one window over the whole map, called as v7 called it
        pool = F.max_pooling_2d if p.pool == MAX else F.average_pooling_2d
        return lambda net, x: pool(x, x.shape[2:], stride=1, pad=0)
    ksize = _common.pair(p, 'kernel_size', 'kernel_h', 'kernel_w')
    if min(ksize) < 1 or min(stride) < 1:
        raise ValueError('layer {!r}: kernel and stride must be positive, got {} and {}'
                         .format(layer.name, ksize, stride))
    return lambda net, x: caffe_pooling_2d(x, p.pool, ksize, stride, pad)
