"""Caffe's blob-shaping layers: Concat, Slice, Split, Reshape and Flatten."""
import numpy

import chainer.functions as F
from chainer.links.caffe._layers import _common
from chainer.links.caffe._layers._registry import register


def _legacy_axis(p, axis_name, legacy_name):
    # The legacy field (concat_dim, slice_dim) wins when it is set, as in Caffe.
    return int(getattr(p, legacy_name) if p.HasField(legacy_name) else getattr(p, axis_name))


@register('Concat', params=('concat_param',))
def build_concat(layer, net):
    """Concatenation along ``axis`` (or the legacy ``concat_dim``)."""
    axis = _legacy_axis(layer.params.concat_param, 'axis', 'concat_dim')
    return lambda net, *xs: F.concat(xs, axis=_common.canonical_axis(axis, xs[0].ndim))


@register('Slice', params=('slice_param',))
def build_slice(layer, net):
    """Split along ``axis`` (or ``slice_dim``) at ``slice_point``, or evenly."""
    p = layer.params.slice_param
    axis = _legacy_axis(p, 'axis', 'slice_dim')
    n_top = len(layer.top)
    points = tuple(int(i) for i in p.slice_point)
    if points and len(points) != n_top - 1:
        raise ValueError('layer {!r}: {} slice points for {} tops'.format(
            layer.name, len(points), n_top))

    def forward(net, x):
        a = _common.canonical_axis(axis, x.ndim)
        if not points and x.shape[a] % n_top:
            raise ValueError('layer {!r}: axis of size {} does not split into {} equal '
                             'parts'.format(layer.name, x.shape[a], n_top))
        # By keyword, as v1's CaffeFunction called it; a single top comes back as
        # one Variable, which CaffeFunction takes as the only output.
        return F.split_axis(x, indices_or_sections=list(points) or n_top, axis=a)
    return forward


@register('Split')
def build_split(layer, net):
    """The bottom, once per top (gradients of the copies add up).

    Each top is also recorded in ``net.split_map`` as an alias of the bottom (v1's
    attribute).
    """
    n_top = len(layer.top)
    if layer.bottom:
        net.split_map.update((top, layer.bottom[0]) for top in layer.top)
    return lambda net, x: (x,) * n_top


def reshape_target(in_shape, dims, axis, num_axes):
    """Caffe's Reshape output shape.

    The input axes ``[axis, axis + num_axes)`` (all remaining when ``num_axes`` is
    -1; a negative ``axis`` counts from the end, -1 meaning after the last axis) are
    replaced by ``dims``, where 0 copies the input dimension at the same position
    and one -1 is inferred from the element count.
    """
    ndim = len(in_shape)
    start = axis if axis >= 0 else ndim + axis + 1
    end = ndim if num_axes == -1 else start + num_axes
    if not 0 <= start <= end <= ndim:
        raise ValueError('reshape axis {} and num_axes {} do not fit a blob with {} axes'
                         .format(axis, num_axes, ndim))
    new = []
    for i, d in enumerate(dims):
        if d == 0:
            if start + i >= ndim:
                raise ValueError('reshape dim {} is 0 but the input has no axis {}'
                                 .format(i, start + i))
            d = in_shape[start + i]
        new.append(int(d))
    shape = list(in_shape[:start]) + new + list(in_shape[end:])
    if shape.count(-1) > 1:
        raise ValueError('reshape dims {} have more than one -1'.format(tuple(dims)))
    if -1 in shape:
        known = int(numpy.prod([d for d in shape if d != -1]))
        total = int(numpy.prod(in_shape))
        if known == 0 or total % known:
            raise ValueError('cannot infer the -1 of {} from {}'.format(shape, in_shape))
        shape[shape.index(-1)] = total // known
    if int(numpy.prod(shape)) != int(numpy.prod(in_shape)):
        raise ValueError('cannot reshape {} into {}'.format(tuple(in_shape), tuple(shape)))
    return tuple(shape)


@register('Reshape', params=('reshape_param',))
def build_reshape(layer, net):
    """Reshape with Caffe's ``0`` (copy) and ``-1`` (infer) dimensions."""
    p = layer.params.reshape_param
    dims = tuple(int(d) for d in p.shape.dim)
    axis, num_axes = int(p.axis), int(p.num_axes)
    # the shape as a list by keyword, as v7 called it
    return lambda net, x: F.reshape(
        x, shape=list(reshape_target(x.shape, dims, axis, num_axes)))


@register('Flatten', params=('flatten_param',))
def build_flatten(layer, net):
    """Merges the axes ``axis`` to ``end_axis`` (inclusive) into one."""
    p = layer.params.flatten_param
    axis, end_axis = int(p.axis), int(p.end_axis)

    def forward(net, x):
        a = _common.canonical_axis(axis, x.ndim)
        e = _common.canonical_axis(end_axis, x.ndim, 'end_axis')
        shape = x.shape[:a] + (int(numpy.prod(x.shape[a:e + 1])),) + x.shape[e + 1:]
        return F.reshape(x, shape)
    return forward
