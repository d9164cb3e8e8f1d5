"""Reading a binary ``.caffemodel`` (a serialized ``NetParameter``) into a NetSpec.

The file is memory-mapped and walked with :mod:`._wire`: each layer's
parameter fields are parsed with the generated message classes, while blob
payloads (packed floats) become read-only numpy views of the mapping, copied once
into the parameters. No protobuf size limit applies, and the peak memory is the
parameters themselves plus the mapped file pages. The whole file is read and checked before anything
is built, so a truncated or corrupt file raises an error instead of giving a
half-built model.
"""
import mmap
import os
import warnings

import numpy

from chainer.links.caffe import _net_spec
from chainer.links.caffe import _wire

_NET_NAME = 1
_NET_LAYERS_V1 = 2
_NET_LAYER = 100

_V2_BLOBS = 7
_V1_BLOBS = 6
_V1_V0_LAYER = 1

_BLOB_NUM, _BLOB_CHANNELS, _BLOB_HEIGHT, _BLOB_WIDTH = 1, 2, 3, 4
_LEGACY_DIMS = (_BLOB_NUM, _BLOB_CHANNELS, _BLOB_HEIGHT, _BLOB_WIDTH)
_BLOB_DATA = 5
_BLOB_SHAPE = 7
_BLOB_DOUBLE_DATA = 8


class CaffeModelError(ValueError, RuntimeError):
    """The file is not a readable binary Caffe model.

    A :class:`ValueError` and, as the errors of v1's ``CaffeFunction`` on a model it
    could not load were, a :class:`RuntimeError`.
    """


def caffe_messages():
    """The generated Caffe message module (imports protobuf, needed only here)."""
    from chainer.links.caffe import caffe_pb2
    return caffe_pb2


def read_caffemodel(path, param_fields):
    """Reads a binary caffemodel.

    Args:
        path (str): file name.
        param_fields (callable): maps a layer type to the names of the
            ``LayerParameter`` fields its builder reads (e.g.
            ``('convolution_param',)``).

    Returns:
        NetSpec: the layers, with their blobs as float32 arrays (read-only views of
        the mapped file where the data is stored as float32; the mapping lives as
        long as they do).

    Raises:
        CaffeModelError: when the file is empty, truncated, corrupt or not a
            caffemodel (e.g. a prototxt or another protobuf message).
    """
    with open(path, 'rb') as f:
        if os.fstat(f.fileno()).st_size == 0:
            raise CaffeModelError('{}: the file is empty, not a caffemodel'.format(path))
        # The mapping is not closed explicitly: it is unmapped once the last view
        # of it is gone (an error's traceback may still hold one).
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    from google.protobuf.message import DecodeError
    try:
        return _read_net(memoryview(mapped), param_fields)
    except (_wire.WireFormatError, CaffeModelError, DecodeError) as e:
        raise CaffeModelError('{}: not a readable caffemodel: {}'.format(path, e)) \
            from None


def _read_net(buf, param_fields):
    name = ''
    v2, v1 = [], []
    for number, wire_type, value, _, _ in _wire.iter_fields(buf, 0, len(buf)):
        if number == _NET_LAYER and wire_type == _wire.LENGTH_DELIMITED:
            v2.append(value)
        elif number == _NET_LAYERS_V1 and wire_type == _wire.LENGTH_DELIMITED:
            v1.append(value)
        elif number == _NET_NAME and wire_type == _wire.LENGTH_DELIMITED:
            name = _utf8(buf[value[0]:value[1]], 'net name')
    if v2 and v1:
        raise CaffeModelError('the net has both `layer` and legacy `layers` entries')
    if not (v2 or v1):
        raise CaffeModelError('no layers found (a deploy .prototxt is text, not a '
                              'binary caffemodel)')
    pb2 = caffe_messages()
    if v2:
        layers = [_read_layer(buf, span, pb2.LayerParameter, _V2_BLOBS, param_fields, pb2)
                  for span in v2]
    else:
        layers = [_read_layer(buf, span, pb2.V1LayerParameter, _V1_BLOBS, param_fields,
                              pb2) for span in v1]
    return _net_spec.NetSpec(name, layers)


def _utf8(data, what):
    try:
        return bytes(data).decode('utf-8')
    except UnicodeDecodeError:
        raise CaffeModelError('{} is not UTF-8 text'.format(what)) from None


def _read_layer(buf, span, message_class, blobs_field, param_fields, pb2):
    rest = []
    blob_spans = []
    legacy = message_class is pb2.V1LayerParameter
    for number, wire_type, value, tag_start, field_end in _wire.iter_fields(buf, *span):
        if number == blobs_field and wire_type == _wire.LENGTH_DELIMITED:
            blob_spans.append(value)
        elif legacy and number == _V1_V0_LAYER:
            raise CaffeModelError('a layer uses the V0 layer format; upgrade the model '
                                  "with Caffe's upgrade_net_proto_binary")
        else:
            rest.append(bytes(buf[tag_start:field_end]))
    message = message_class()
    message.ParseFromString(b''.join(rest))
    layer_type = _net_spec.V1_TYPE_NAMES.get(message.type, str(message.type)) \
        if legacy else message.type
    for what, texts in (('name', [message.name]), ('type', [layer_type]),
                        ('bottom', message.bottom), ('top', message.top)):
        if any(isinstance(t, bytes) for t in texts):  # protobuf keeps invalid UTF-8 as bytes
            raise CaffeModelError('a layer {} is not UTF-8 text'.format(what))
    if not message.name:
        raise CaffeModelError('a layer of type {!r} has no name'.format(layer_type))
    params = _layer_params(message, param_fields(layer_type), pb2)
    blobs = []
    for i, blob_span in enumerate(blob_spans):
        try:
            fallback = _v1_weight_shape(layer_type, params) if i == 0 else _flat
            blob = _read_blob(buf, blob_span, pb2, fallback)
            if isinstance(blob, tuple):
                blob, declared = blob
                warnings.warn(
                    'layer {!r} ({}): blob {} declares the shape {} but holds {} '
                    'values; read as {}, as Chainer v1 did'.format(
                        message.name, layer_type, i, declared, blob.size, blob.shape),
                    stacklevel=5)
            blobs.append(blob)
        except CaffeModelError as e:
            raise CaffeModelError('layer {!r}, blob {}: {}'.format(message.name, i, e)) \
                from None
    return _net_spec.LayerSpec(
        message.name, layer_type, message.bottom, message.top,
        _net_spec.included_phases(message.include, message.exclude),
        params, [b.shape for b in blobs], blobs)


def _flat(declared, count):
    """A blob that declares no shape at all is read flat, as v1 read biases (the
    builder checks the count against the layer's parameters)."""
    return (count,) if count and not any(declared) else None


def _v1_weight_shape(layer_type, params):
    """How v1 read a weight blob whose declared shape does not fit its values, or None.

    Returns ``shape_of(declared, count)``, giving the shape to read ``count`` values
    as, or None where v1 would not have read them either. An InnerProduct weight
    declared 4-D was read from its last two dimensions (the legacy ``(1, 1, out,
    in)`` matrix); a Convolution (v7: also Deconvolution) weight declared with the
    legacy ``num`` and ``channels`` only took its height and width from the layer's
    kernel size.
    """
    if layer_type == 'InnerProduct':
        def shape_of(declared, count):
            if len(declared) == 4 and count == int(declared[2]) * int(declared[3]):
                return (1, 1) + tuple(declared[2:])
            return _flat(declared, count)
        return shape_of
    if layer_type in ('Convolution', 'Deconvolution'):
        from chainer.links.caffe._layers import _common
        from chainer.links.caffe._layers._registry import Unsupported

        def shape_of(declared, count):
            if len(declared) != 4 or declared[2] or declared[3]:
                return _flat(declared, count)
            try:
                kh, kw = _common.pair(params.convolution_param, 'kernel_size',
                                      'kernel_h', 'kernel_w')
            except (ValueError, Unsupported):  # no usable kernel size
                return None
            shape = (int(declared[0]), int(declared[1]), kh, kw)
            return shape if count == int(numpy.prod(shape)) and count else None
        return shape_of
    return _flat


def _layer_params(message, names, pb2):
    # Legacy layers lack the newer parameter fields: those take their defaults.
    defaults = pb2.LayerParameter()
    fields = message.DESCRIPTOR.fields_by_name
    values = {}
    for name in names:
        source = message if name in fields else defaults
        values[name] = _net_spec.Params.from_message(getattr(source, name))
    return _net_spec.Params(values, names)


def _payload(buf, span, wire_type, single_wire_type, dtype, pieces):
    if wire_type not in (_wire.LENGTH_DELIMITED, single_wire_type):
        raise CaffeModelError('blob values stored with wire type {}'.format(wire_type))
    begin, end = span
    itemsize = numpy.dtype(dtype).itemsize
    if (end - begin) % itemsize:
        raise CaffeModelError('packed data of {} bytes is not a whole number of '
                              '{}-byte values'.format(end - begin, itemsize))
    pieces.append(numpy.frombuffer(buf, dtype=dtype, count=(end - begin) // itemsize,
                                   offset=begin))


def _read_blob(buf, span, pb2, fallback=None):
    """The array of the BlobProto at ``span``.

    When the declared shape does not fit the values held, ``fallback(declared,
    count)`` (see :func:`_v1_weight_shape`) may give the shape to read them as:
    ``(array, declared shape)`` is returned then.
    """
    shape = None
    legacy = {}
    floats, doubles = [], []
    for number, wire_type, value, _, _ in _wire.iter_fields(buf, *span):
        if number == _BLOB_SHAPE and wire_type == _wire.LENGTH_DELIMITED:
            blob_shape = pb2.BlobShape()
            blob_shape.ParseFromString(bytes(buf[value[0]:value[1]]))
            shape = tuple(blob_shape.dim)
        elif number in _LEGACY_DIMS and wire_type == _wire.VARINT:
            legacy[number] = value
        elif number == _BLOB_DATA:
            # Packed (the norm) or, in very old files, one fixed32 field per value.
            _payload(buf, value, wire_type, _wire.FIXED32, '<f4', floats)
        elif number == _BLOB_DOUBLE_DATA:
            _payload(buf, value, wire_type, _wire.FIXED64, '<f8', doubles)
    if shape is None:
        shape = tuple(legacy.get(n, 0) for n in _LEGACY_DIMS)
    if any(d < 0 for d in shape):
        raise CaffeModelError('negative dimension in shape {}'.format(shape))
    pieces = floats or doubles
    count = sum(p.size for p in pieces)
    expected = int(numpy.prod(shape, dtype=numpy.int64))
    declared = None
    if fallback is not None and count != expected:
        read_as = fallback(shape, count)
        if read_as is not None:
            declared, shape, expected = shape, read_as, count
    if count != expected:
        raise CaffeModelError('{} values for the shape {} ({} values)'.format(
            count, shape, expected))
    if len(pieces) == 1 and pieces[0].dtype == numpy.float32:
        # A read-only view of the mapped file: the links copy it into their
        # parameters, so the values are copied once in all.
        data = pieces[0].reshape(shape)
    else:
        data = numpy.empty(shape, dtype=numpy.float32)
        flat = data.reshape(-1)
        offset = 0
        for piece in pieces:
            flat[offset:offset + piece.size] = piece  # converts to native float32
            offset += piece.size
    return data if declared is None else (data, declared)
