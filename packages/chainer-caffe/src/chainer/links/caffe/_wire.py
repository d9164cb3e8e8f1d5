"""A bounds-checked reader of the protobuf wire format (fields of one message).

The model reader uses it to walk a caffemodel's top-level structure without
copying: parameter blobs (hundreds of megabytes of packed floats) are read as
numpy views of the file, and only the small remaining parts of each layer go
through the generated message classes.
"""

VARINT = 0
FIXED64 = 1
LENGTH_DELIMITED = 2
FIXED32 = 5

_FIXED_SIZES = {FIXED64: 8, FIXED32: 4}


class WireFormatError(ValueError):
    """The bytes are not a well-formed protobuf message (truncated or corrupt)."""


def read_varint(buf, pos, end):
    """Decodes the base-128 varint starting at ``buf[pos]``.

    Args:
        buf: a bytes-like object indexable by position (``memoryview``, ``bytes``).
        pos (int): offset of the first byte.
        end (int): offset the varint must not reach beyond.

    Returns:
        tuple: ``(value, next_pos)``.
    """
    value = 0
    shift = 0
    while True:
        if pos >= end:
            raise WireFormatError('truncated varint at byte {}'.format(pos))
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7f) << shift
        if byte < 0x80:
            return value, pos
        shift += 7
        if shift >= 70:
            raise WireFormatError('varint longer than 10 bytes at byte {}'.format(pos))


def iter_fields(buf, start, end):
    """Iterates over the fields of the message stored in ``buf[start:end]``.

    Yields:
        tuple: ``(number, wire_type, value, tag_start, field_end)``, where
        ``value`` is the integer of a varint field and the ``(begin, end)`` offsets
        of the payload for the other wire types; ``buf[tag_start:field_end]`` is
        the whole field, tag included.
    """
    pos = start
    while pos < end:
        tag_start = pos
        key, pos = read_varint(buf, pos, end)
        number, wire_type = key >> 3, key & 7
        if number == 0:
            raise WireFormatError('field number 0 at byte {}'.format(tag_start))
        if wire_type == VARINT:
            value, pos = read_varint(buf, pos, end)
        elif wire_type == LENGTH_DELIMITED:
            length, pos = read_varint(buf, pos, end)
            value = (pos, pos + length)
            pos += length
        elif wire_type in _FIXED_SIZES:
            value = (pos, pos + _FIXED_SIZES[wire_type])
            pos += _FIXED_SIZES[wire_type]
        else:
            raise WireFormatError('unsupported wire type {} (field {}) at byte {}'.format(
                wire_type, number, tag_start))
        if pos > end:
            raise WireFormatError('field {} at byte {} runs past the end of its message '
                                  '(byte {})'.format(number, tag_start, end))
        yield number, wire_type, value, tag_start, pos
