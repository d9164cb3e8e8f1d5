"""Caffe's Convolution and Deconvolution layers (groups, dilation, h/w parameters)."""
import chainer.functions as F
import chainer.links as L
from chainer import link as link_module
from chainer.links.caffe import _mapped_copy
from chainer.links.caffe._layers import _common
from chainer.links.caffe._layers._registry import Unsupported
from chainer.links.caffe._layers._registry import register


class _Geometry(object):
    """Kernel, stride, pad, dilation and group of a ``ConvolutionParameter``."""

    def __init__(self, p):
        if p.axis not in (1, -3):
            raise Unsupported('convolution over axis {} (only the channel axis 1 of '
                              'NCHW blobs is supported)'.format(p.axis))
        self.ksize = _common.pair(p, 'kernel_size', 'kernel_h', 'kernel_w')
        self.stride = _common.pair(p, 'stride', 'stride_h', 'stride_w', default=1)
        self.pad = _common.pair(p, 'pad', 'pad_h', 'pad_w', default=0)
        self.dilate = _common.pair(p, 'dilation', default=1)
        self.group = int(p.group)
        self.n_out = int(p.num_output)
        self.bias_term = bool(p.bias_term)
        if min(self.ksize) < 1 or min(self.stride) < 1 or self.group < 1 \
                or self.n_out < 0:
            raise ValueError('kernel, stride, group and num_output must be positive, '
                             'got {}, {}, {}, {}'.format(self.ksize, self.stride,
                                                         self.group, self.n_out))


def _grouped(apply, group):
    """Forward of a layer whose channels split into ``group`` independent groups.

    ``apply(x, W, b)`` runs one group; the input splits on its channel axis, the
    weight on its first axis (the output channels of a convolution, the input
    channels of a deconvolution) and the bias with the outputs.
    """
    def forward(x, W, b):
        xs = F.split_axis(x, group, 1, force_tuple=True)
        Ws = F.split_axis(W, group, 0, force_tuple=True)
        bs = (None,) * group if b is None else F.split_axis(b, group, 0, force_tuple=True)
        return F.concat([apply(*args) for args in zip(xs, Ws, bs)], axis=1)
    return forward


def _bound(name, apply, group):
    """Forward of the net's child ``name`` (looked up when it runs).

    Without groups the child link is called, as v1 called its Convolution2D; grouped
    layers run ``apply`` per group on the child's ``W`` and ``b``.
    """
    if group == 1:
        return lambda net, x: net[name](x)
    forward = _grouped(apply, group)

    def run(net, x):
        child = net[name]
        return forward(x, child.W, child.b)
    return run


def _count_per(layer, index, unit, what):
    count = int(_prod(_common.blob_shape(layer, index)))
    if count == 0 or count % unit:
        raise ValueError('layer {!r} ({}): weight blob with {} values does not fit {}'
                         .format(layer.name, layer.type, count, what))
    return count // unit


def _prod(shape):
    result = 1
    for d in shape:
        result *= int(d)
    return result


def _bias(layer, geometry):
    return _common.blob(layer, 1, (geometry.n_out,)) if geometry.bias_term else None


@register('Convolution', params=('convolution_param',))
def build_convolution(layer, net):
    """Convolution: ``W`` of shape ``(num_output, C / group, kh, kw)``."""
    g = _Geometry(layer.params.convolution_param)
    if g.n_out == 0:  # not set: v1 read it from the weight blob, (num_output, ...)
        shape = _common.blob_shape(layer, 0)
        g.n_out = int(shape[0]) if len(shape) == 4 else 0
    if g.n_out < 1:
        raise ValueError('layer {!r}: num_output must be positive'.format(layer.name))
    kh, kw = g.ksize
    if g.n_out % g.group:
        raise ValueError('layer {!r}: num_output {} is not a multiple of group {}'.format(
            layer.name, g.n_out, g.group))
    in_per_group = _count_per(layer, 0, g.n_out * kh * kw, 'num_output and kernel')
    W = _common.blob(layer, 0, (g.n_out, in_per_group, kh, kw))
    b = _bias(layer, g)
    common = dict(stride=g.stride, pad=g.pad, nobias=b is None,
                  initialW=_mapped_copy.initial_value(W), initial_bias=b)
    if g.dilate == (1, 1):
        conv = L.Convolution2D(in_per_group, g.n_out, g.ksize, **common)

        def apply(x, W, b):
            return F.convolution_2d(x, W, b, g.stride, g.pad)
    else:
        conv = L.DilatedConvolution2D(in_per_group, g.n_out, g.ksize, dilate=g.dilate,
                                      **common)

        def apply(x, W, b):
            return F.dilated_convolution_2d(x, W, b, g.stride, g.pad, g.dilate)
    net.add_layer_link(layer.name, conv)
    return _bound(layer.name, apply, g.group)


@register('Deconvolution', params=('convolution_param',))
def build_deconvolution(layer, net):
    """Deconvolution: ``W`` of shape ``(C, num_output / group, kh, kw)``."""
    g = _Geometry(layer.params.convolution_param)
    if g.dilate != (1, 1):
        raise Unsupported('dilated deconvolution')
    if g.n_out < 1:
        raise ValueError('layer {!r}: num_output must be positive'.format(layer.name))
    kh, kw = g.ksize
    if g.n_out % g.group:
        raise ValueError('layer {!r}: num_output {} is not a multiple of group {}'.format(
            layer.name, g.n_out, g.group))
    out_per_group = g.n_out // g.group
    in_channels = _count_per(layer, 0, out_per_group * kh * kw, 'num_output and kernel')
    W = _common.blob(layer, 0, (in_channels, out_per_group, kh, kw))
    b = _bias(layer, g)
    if g.group == 1:
        deconv = L.Deconvolution2D(in_channels, g.n_out, g.ksize, g.stride, g.pad,
                                   nobias=b is None, initialW=_mapped_copy.initial_value(W),
                                   initial_bias=b)
    else:
        # Deconvolution2D's bias has one entry per group's output: keep Caffe's
        # shapes in a plain link instead.
        deconv = link_module.Link(W=W.shape)
        deconv.W.data[...] = W
        if b is None:
            deconv.b = None
        else:
            deconv.add_param('b', b.shape)
            deconv.b.data[...] = b

    def apply(x, W, b):
        return F.deconvolution_2d(x, W, b, g.stride, g.pad)
    net.add_layer_link(layer.name, deconv)
    return _bound(layer.name, apply, g.group)
