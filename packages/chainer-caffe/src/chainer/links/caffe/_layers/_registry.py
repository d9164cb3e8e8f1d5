"""The table of supported Caffe layer types and the builders that emulate them.

A builder is ``build(layer, net)``: it reads ``layer`` (a
:class:`~chainer.links.caffe._net_spec.LayerSpec`), registers the layer's link on
``net`` (the :class:`~chainer.links.caffe.CaffeFunction`) when the layer has
parameters, and returns the forward function ``forward(net, *bottoms)``: the
net, then Variables of the bottom blobs in, a Variable or a tuple of Variables
for the top blobs out. The forward function finds the layer's link in ``net``
and the phase in ``net.train`` when it runs, so that copies of the net work.
"""

#: Layer types that feed the net; their tops are given by the caller.
DATA_LAYER_TYPES = frozenset([
    'Input', 'Data', 'ImageData', 'HDF5Data', 'MemoryData', 'DummyData', 'WindowData',
    'AnnotatedData', 'VideoData'])

_BUILDERS = {}


class Unsupported(Exception):
    """A layer configuration the emulator does not implement (the layer is skipped)."""


def register(*types, params=()):
    """Decorator registering a builder for the layer ``types``.

    Args:
        types (str): Caffe layer type names.
        params (tuple of str): ``LayerParameter`` fields the builder reads.
    """
    def wrap(build):
        for layer_type in types:
            _BUILDERS[layer_type] = (build, tuple(params))
        return build
    return wrap


def builder(layer_type):
    """The builder of ``layer_type``, or None when the type is not supported."""
    entry = _BUILDERS.get(layer_type)
    return entry and entry[0]


def param_fields(layer_type):
    """Names of the parameter fields the builder of ``layer_type`` reads."""
    entry = _BUILDERS.get(layer_type)
    return entry[1] if entry else ()


def supported_types():
    """Sorted names of the supported layer types."""
    return sorted(_BUILDERS)
