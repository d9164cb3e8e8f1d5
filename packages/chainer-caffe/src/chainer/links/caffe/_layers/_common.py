"""Helpers shared by the layer builders: parameter pairs, axes and blobs."""
import numpy

from chainer.links.caffe._layers._registry import Unsupported


def pair(param, name, h_name=None, w_name=None, default=None):
    """A ``(height, width)`` parameter given as a scalar, a pair or ``*_h``/``*_w``.

    Args:
        param (Params): the parameter message.
        name (str): field holding one value for both axes, or (repeated fields) one
            value per spatial axis.
        h_name, w_name (str): the separate height and width fields, which win when set.
        default (int): value when nothing is set (None: use the field's default).

    Returns:
        tuple of ints: ``(height, width)``.
    """
    if h_name and (param.HasField(h_name) or param.HasField(w_name)):
        return int(getattr(param, h_name)), int(getattr(param, w_name))
    value = getattr(param, name)
    if isinstance(value, tuple):
        values = value
    else:
        values = (value,) if param.HasField(name) or default is None else ()
    if not values:
        if default is None:
            raise ValueError('{} is not set'.format(name))
        values = (default,)
    if len(values) == 1:
        return int(values[0]), int(values[0])
    if len(values) == 2:
        return int(values[0]), int(values[1])
    raise Unsupported('{} has {} values: only 2-D layers are supported'.format(
        name, len(values)))


def canonical_axis(axis, ndim, what='axis'):
    """``axis`` in ``[0, ndim)``, counting negative values from the end."""
    if not -ndim <= axis < ndim:
        raise ValueError('{} {} is out of range for a blob with {} axes'.format(
            what, axis, ndim))
    return axis % ndim


def blob(layer, index, shape):
    """Parameter blob ``index`` of ``layer`` as a float32 array of ``shape``.

    Caffe stores some blobs with legacy 4-D shapes (an InnerProduct weight as
    ``(1, 1, out, in)``), so only the element count has to match. The array may be
    a read-only view of the model file: callers copy it (links do when they take it
    as an initial value). When the layer was defined without blobs (loading a
    converted npz), zeros are returned; the real values are loaded afterwards.
    """
    shape = tuple(int(d) for d in shape)
    if layer.blobs is None:
        stored = layer.blob_shapes[index] if index < len(layer.blob_shapes) else None
        if stored is None or numpy.prod(stored) != numpy.prod(shape):
            raise ValueError('layer {!r}: the definition has no blob {} of shape {}'
                             .format(layer.name, index, shape))
        return numpy.zeros(shape, dtype=numpy.float32)
    if index >= len(layer.blobs):
        raise ValueError('layer {!r} ({}) has {} parameter blobs; blob {} is missing'
                         .format(layer.name, layer.type, len(layer.blobs), index))
    array = layer.blobs[index]
    if array.size != numpy.prod(shape):
        raise ValueError('layer {!r} ({}): blob {} has shape {} ({} values), expected {}'
                         .format(layer.name, layer.type, index, array.shape, array.size,
                                 shape))
    return array.reshape(shape)


def blob_shape(layer, index):
    """Shape of parameter blob ``index`` of ``layer`` (as stored in the file)."""
    if index >= len(layer.blob_shapes):
        raise ValueError('layer {!r} ({}) has {} parameter blobs; blob {} is missing'
                         .format(layer.name, layer.type, len(layer.blob_shapes), index))
    return layer.blob_shapes[index]
