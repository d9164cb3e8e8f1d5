"""Protobuf-free description of a Caffe net: layers, their parameters and blobs.

A :class:`NetSpec` is what the layer builders read. It comes either from a
caffemodel (through the generated message classes) or from the JSON text that
:class:`~chainer.links.caffe.CaffeFunction` stores with its parameters in an npz
file, so that a converted model loads without protobuf.
"""
import json

FORMAT = 'chainer-caffe-net/1'

TRAIN = 0
TEST = 1

#: Caffe's names for the legacy (V1) layer type enum (``UpgradeV1LayerType``).
V1_TYPE_NAMES = {
    0: '', 35: 'AbsVal', 1: 'Accuracy', 30: 'ArgMax', 2: 'BNLL', 3: 'Concat',
    37: 'ContrastiveLoss', 4: 'Convolution', 5: 'Data', 39: 'Deconvolution',
    6: 'Dropout', 32: 'DummyData', 7: 'EuclideanLoss', 25: 'Eltwise', 38: 'Exp',
    8: 'Flatten', 9: 'HDF5Data', 10: 'HDF5Output', 28: 'HingeLoss', 11: 'Im2col',
    12: 'ImageData', 13: 'InfogainLoss', 14: 'InnerProduct', 15: 'LRN',
    29: 'MemoryData', 16: 'MultinomialLogisticLoss', 34: 'MVN', 17: 'Pooling',
    26: 'Power', 18: 'ReLU', 19: 'Sigmoid', 27: 'SigmoidCrossEntropyLoss',
    36: 'Silence', 20: 'Softmax', 21: 'SoftmaxWithLoss', 22: 'Split', 33: 'Slice',
    23: 'TanH', 24: 'WindowData', 31: 'Threshold',
}


class Params(object):
    """Read-only parameters of one message, with the protobuf message interface.

    Attributes give field values (defaults filled in, nested messages as
    :class:`Params`, repeated fields as tuples); :meth:`HasField` tells whether a
    singular field was set in the file, as Caffe distinguishes e.g. an unset
    ``use_global_stats`` from ``false``.
    """

    def __init__(self, values, present=()):
        self._values = dict(values)
        self._present = frozenset(present)

    def __getattr__(self, name):
        try:
            return self.__dict__['_values'][name]
        except KeyError:
            raise AttributeError('no parameter {!r}'.format(name)) from None

    def HasField(self, name):  # noqa: N802 (the protobuf message method name)
        return name in self._present

    def __repr__(self):
        return 'Params({!r})'.format(self._values)

    @classmethod
    def from_message(cls, message):
        """Copies a protobuf message (and its nested messages) into Params."""
        values = {}
        present = []
        for field in message.DESCRIPTOR.fields:
            value = getattr(message, field.name)
            is_message = field.message_type is not None
            if _is_repeated(field):
                values[field.name] = tuple(cls.from_message(v) if is_message else v
                                           for v in value)
                continue
            if isinstance(value, bytes):  # protobuf keeps a string that is not UTF-8 as bytes
                raise ValueError('parameter field {!r} is not UTF-8 text'.format(field.name))
            values[field.name] = cls.from_message(value) if is_message else value
            if message.HasField(field.name):
                present.append(field.name)
        return cls(values, present)

    def to_json(self):
        """The Params as plain JSON-able values (inverse of :meth:`from_json`)."""
        def plain(v):
            if isinstance(v, Params):
                return v.to_json()
            if isinstance(v, tuple):
                return [plain(e) for e in v]
            return v
        return {'values': {k: plain(v) for k, v in self._values.items()},
                'present': sorted(self._present)}

    @classmethod
    def from_json(cls, obj):
        def restore(v):
            if isinstance(v, dict):
                return cls.from_json(v)
            if isinstance(v, list):
                return tuple(restore(e) for e in v)
            return v
        return cls({k: restore(v) for k, v in obj['values'].items()}, obj['present'])


def _is_repeated(field):
    # FieldDescriptor.label is gone in protobuf 7; is_repeated is missing before 5.
    is_repeated = getattr(field, 'is_repeated', None)
    if is_repeated is not None:
        return is_repeated
    return field.label == field.LABEL_REPEATED


class LayerSpec(object):
    """One layer of a net.

    Attributes:
        name (str): layer name.
        type (str): layer type in the current Caffe spelling (``'Convolution'``).
        bottom (tuple of str): input blob names.
        top (tuple of str): output blob names.
        phases (frozenset): phases (:data:`TRAIN`, :data:`TEST`) the layer runs in,
            from its include/exclude rules.
        params (Params): the layer's type-specific parameter messages
            (``params.convolution_param``, ...).
        blob_shapes (tuple of tuples): shapes of the parameter blobs.
        blobs (list of numpy.ndarray or None): parameter blobs (None when only the
            definition is known; builders then allocate them with these shapes).
    """

    def __init__(self, name, type, bottom, top, phases, params, blob_shapes, blobs=None):
        self.name = name
        self.type = type
        self.bottom = tuple(bottom)
        self.top = tuple(top)
        self.phases = frozenset(phases)
        self.params = params
        self.blob_shapes = tuple(tuple(int(d) for d in s) for s in blob_shapes)
        self.blobs = blobs

    def to_json(self):
        return {'name': self.name, 'type': self.type, 'bottom': list(self.bottom),
                'top': list(self.top), 'phases': sorted(self.phases),
                'params': self.params.to_json(),
                'blob_shapes': [list(s) for s in self.blob_shapes]}

    @classmethod
    def from_json(cls, obj):
        return cls(obj['name'], obj['type'], obj['bottom'], obj['top'], obj['phases'],
                   Params.from_json(obj['params']), obj['blob_shapes'])


class NetSpec(object):
    """A net: its name and its layers in execution order."""

    def __init__(self, name, layers):
        self.name = name
        self.layers = list(layers)

    def to_json(self):
        """Serializes the definition (not the blobs) as JSON text."""
        return json.dumps({'format': FORMAT, 'name': self.name,
                           'layers': [layer.to_json() for layer in self.layers]},
                          separators=(',', ':'))

    @classmethod
    def from_json(cls, text):
        """Parses :meth:`to_json` output; raises ValueError on anything else."""
        try:
            obj = json.loads(text)
            if obj.get('format') != FORMAT:
                raise ValueError('format is {!r}, expected {!r}'.format(
                    obj.get('format'), FORMAT))
            return cls(obj['name'], [LayerSpec.from_json(o) for o in obj['layers']])
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ValueError('invalid chainer-caffe net definition: {}'.format(e)) from e


def _rule_met(rule, phase):
    # Caffe's StateMeetsRule for the default net state (level 0, no stages).
    if rule.HasField('phase') and rule.phase != phase:
        return False
    if rule.HasField('min_level') and rule.min_level > 0:
        return False
    if rule.HasField('max_level') and rule.max_level < 0:
        return False
    return not rule.stage


def included_phases(include, exclude):
    """Phases in which a layer with these include/exclude NetStateRules runs.

    Caffe includes a layer when any include rule is met (if there are include
    rules) and no exclude rule is met.
    """
    phases = set()
    for phase in (TRAIN, TEST):
        if include:
            if any(_rule_met(r, phase) for r in include):
                phases.add(phase)
        elif not any(_rule_met(r, phase) for r in exclude):
            phases.add(phase)
    return phases
