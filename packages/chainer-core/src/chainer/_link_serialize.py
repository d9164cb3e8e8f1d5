"""Serialization of a :class:`chainer.Link`'s own parameters and persistent values
(the children are reached by the link through ``serializer[name]``).

Every parameter is passed to the serializer, an uninitialized one as ``None`` (as in
Chainer v7: NPZ and HDF5 files store it as an entry standing for None). When the
serializer answers an array for an uninitialized parameter (a loading deserializer, or
any callable doing so), the parameter is initialized with that array's shape and gets
its values.
"""
import numpy

from chainer import cuda
from chainer import serializer as serializer_module


def _ask(serializer, name, data):
    # A strict deserializer raises KeyError for an entry missing from its source:
    # an uninitialized parameter then stays uninitialized (a file saved before the
    # first call of a v1 link has none).
    try:
        return serializer_module._parameter(serializer, name, data)
    except KeyError:
        if data is None:
            return None
        raise


def serialize_own(link, serializer):
    """Serializes ``link``'s parameters (registered ones, then v1's uninitialized
    ones) and persistent values through ``serializer``."""
    d = link.__dict__
    for name in sorted(link._params):
        param = d[name]
        value = _ask(serializer, name, param.data)
        if param.data is None and value is not None:
            param.initialize(value.shape)
            _copy_into(param.data, value)
    for name in sorted(link._persistent):
        d[name] = serializer(name, d[name])
    for name in list(link._uninitialized_params):
        value = _ask(serializer, name, None)
        if value is None:  # saving, absent, or a validating pass
            continue
        link.add_param(name, value.shape, dtype=value.dtype)
        _copy_into(d[name].data, value)


def _copy_into(dst, src):
    if isinstance(dst, numpy.ndarray):
        numpy.copyto(dst, cuda.to_cpu(src), casting='unsafe')
    elif isinstance(src, numpy.ndarray):
        dst.set(numpy.asarray(src, dtype=dst.dtype))
    else:
        dst[...] = src
