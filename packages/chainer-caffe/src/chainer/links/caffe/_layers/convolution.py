"""Caffe's Convolution and Deconvolution layers (groups, dilation, h/w parameters).

Grouped layers load as v1 and v7 loaded them: an ungrouped link whose weight is the
block-diagonal expansion of Caffe's grouped blob (see :class:`_BlockDiagonal`).
"""
import numpy

import chainer.links as L
from chainer import initializer
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


class _BlockDiagonal(initializer.Initializer):
    """Initializer of an ungrouped weight from Caffe's grouped blob, as v1 and v7 did.

    Caffe's blob ``(A, B / group, kh, kw)`` holds, for each of the ``group`` groups, a
    block of ``A / group`` rows along its first axis. The ungrouped weight
    ``(A, B, kh, kw)`` gets group ``i``'s block at rows ``i * A / group`` and columns
    ``i * B / group`` onwards, zeros elsewhere: an ungrouped convolution (or
    deconvolution) with it computes what the grouped layer computes.

    Args:
        blob (numpy.ndarray): Caffe's grouped blob (possibly a view of the mapped model
            file, copied a group at a time and released as in :mod:`.._mapped_copy`).
        group (int): Number of groups.
    """

    def __init__(self, blob, group):
        super(_BlockDiagonal, self).__init__(dtype=None)
        self.blob = blob
        self.group = group

    def expanded_shape(self):
        """The shape of the ungrouped weight, ``(A, B, kh, kw)``."""
        a, b = self.blob.shape[:2]
        return (a, b * self.group) + tuple(self.blob.shape[2:])

    def __call__(self, array):
        if array.shape != self.expanded_shape():
            raise ValueError('a grouped blob of shape {} ({} groups) cannot fill a '
                             'parameter of shape {}'.format(self.blob.shape, self.group,
                                                            array.shape))
        rows, cols = self.blob.shape[0] // self.group, self.blob.shape[1]
        mapped = _mapped_copy.mapping_of(self.blob) is not None
        array[...] = 0
        for i in range(self.group):
            part = self.blob[i * rows:(i + 1) * rows]
            if mapped:  # one group in memory at a time, the file's pages released
                copy = numpy.empty(part.shape, part.dtype)
                _mapped_copy.copy_releasing(copy, part)
                part = copy
            array[i * rows:(i + 1) * rows, i * cols:(i + 1) * cols] = part


def _initial_weight(W, group):
    """``initialW`` of the ungrouped link holding Caffe's weight blob ``W``."""
    if group == 1:
        return _mapped_copy.initial_value(W)
    return _BlockDiagonal(W, group)


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


def _call_child(name):
    """Forward of the net's child link ``name`` (looked up when it runs), called as v1
    called its ``Convolution2D``."""
    return lambda net, x: net[name](x)


@register('Convolution', params=('convolution_param',))
def build_convolution(layer, net):
    """Convolution: Caffe's ``W`` of shape ``(num_output, C / group, kh, kw)``, loaded
    into an ungrouped ``Convolution2D`` (``DilatedConvolution2D`` when dilated) of
    ``C`` input channels."""
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
                  initialW=_initial_weight(W, g.group), initial_bias=b)
    in_channels = in_per_group * g.group
    if g.dilate == (1, 1):
        conv = L.Convolution2D(in_channels, g.n_out, g.ksize, **common)
    else:
        conv = L.DilatedConvolution2D(in_channels, g.n_out, g.ksize, dilate=g.dilate,
                                      **common)
    net.add_layer_link(layer.name, conv)
    return _call_child(layer.name)


@register('Deconvolution', params=('convolution_param',))
def build_deconvolution(layer, net):
    """Deconvolution: Caffe's ``W`` of shape ``(C, num_output / group, kh, kw)``, loaded
    into an ungrouped ``Deconvolution2D`` of ``num_output`` output channels."""
    g = _Geometry(layer.params.convolution_param)
    if g.dilate != (1, 1):
        raise Unsupported('dilated deconvolution')
    if g.n_out == 0:  # not set: v7 read it from the weight blob, (C, n_out / group, ...)
        shape = _common.blob_shape(layer, 0)
        g.n_out = int(shape[1]) * g.group if len(shape) == 4 else 0
    if g.n_out < 1:
        raise ValueError('layer {!r}: num_output must be positive'.format(layer.name))
    kh, kw = g.ksize
    if g.n_out % g.group:
        raise ValueError('layer {!r}: num_output {} is not a multiple of group {}'.format(
            layer.name, g.n_out, g.group))
    out_per_group = g.n_out // g.group
    in_channels = _count_per(layer, 0, out_per_group * kh * kw, 'num_output and kernel')
    if in_channels % g.group:
        raise ValueError('layer {!r}: {} input channels are not a multiple of group {}'
                         .format(layer.name, in_channels, g.group))
    W = _common.blob(layer, 0, (in_channels, out_per_group, kh, kw))
    b = _bias(layer, g)
    deconv = L.Deconvolution2D(in_channels, g.n_out, g.ksize, g.stride, g.pad,
                               nobias=b is None, initialW=_initial_weight(W, g.group),
                               initial_bias=b)
    net.add_layer_link(layer.name, deconv)
    return _call_child(layer.name)
