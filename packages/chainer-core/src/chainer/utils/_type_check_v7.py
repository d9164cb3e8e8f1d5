"""The names that v7 added to :mod:`chainer.utils.type_check` (light mode access and
the broadcast check)."""
import numpy

from chainer.utils import type_check as _tc


def in_light_mode():
    """Whether type checks run in light mode in this thread (plain values instead of
    expressions; see :mod:`chainer.utils.type_check`)."""
    return _tc._in_light_mode()


class LightMode(object):
    """Context manager running the checks inside it in light mode (the class of
    ``type_check.light_mode``)."""

    def __enter__(self):
        self._prev = _tc._in_light_mode()
        _tc._local.light = True

    def __exit__(self, *args):
        _tc._local.light = self._prev


def get_light_types(data, shapes=None):
    """The :class:`~chainer.utils.type_check.LightTypeInfoTuple` of ``data``: one
    plain :class:`~chainer.utils.type_check.TypeInfo` per array.

    Args:
        data (tuple of arrays): the arrays.
        shapes (tuple of tuples): the shape each array is checked with instead of its
            own (v7: a semantic shape for another memory layout).
    """
    if not isinstance(data, tuple):
        raise TypeError('get_light_types takes a tuple of arrays, got {}'.format(
            type(data).__name__))
    return _tc.LightTypeInfoTuple([
        _tc._LightTypeInfo(d.shape if shapes is None else tuple(shapes[i]), d.dtype, i)
        for i, d in enumerate(data)])


def expect_broadcast_shapes(*shape_types):
    """Checks that the given shapes broadcast together (numpy's rules).

    Args:
        shape_types: shapes, or shape expressions (``x_type.shape``) of a check.

    Raises:
        InvalidType: naming each shape when they do not broadcast.
    """
    shapes = [tuple(_tc.eval(s)) for s in shape_types]
    try:
        numpy.broadcast_shapes(*shapes)
        return
    except ValueError:
        pass
    raise _tc.InvalidType(
        'the shapes broadcast together: ' + ', '.join(str(e) for e in shape_types),
        'cannot broadcast ' + ', '.join(
            str(s) if str(e) == str(s) else '{} = {}'.format(e, s)
            for e, s in zip(shape_types, shapes)))
