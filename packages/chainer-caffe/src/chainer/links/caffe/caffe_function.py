"""CaffeFunction: a Caffe net loaded from a caffemodel and run as a Chain."""
import importlib.util
import warnings

import numpy

import chainer
from chainer import link
from chainer import serializers
from chainer.links.caffe import _layers  # noqa: F401  (registers the layer builders)
from chainer.links.caffe import _model_file
from chainer.links.caffe import _net_spec
from chainer.links.caffe._layers import _registry
from chainer.links.caffe._layers import refused

_NPZ_MAGIC = b'PK\x03\x04'
_DEFINITION_KEY = 'net_definition'


def _protobuf_installed():
    try:
        return importlib.util.find_spec('google.protobuf') is not None
    except (ImportError, ValueError):  # a broken or stubbed-out google package
        return False


#: Whether protobuf is installed, so that caffemodels can be read (v1's name; an npz
#: converted from a model loads without it).
available = _protobuf_installed()


def __getattr__(name):
    # v1 exposed the generated Caffe message classes as ``caffe_pb``. They are
    # imported on first use only, so that loading an npz never imports protobuf.
    if name == 'caffe_pb':
        return _model_file.caffe_messages()
    raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))


class MissingBlobError(KeyError):
    """A requested output blob was not computed; the message says why."""

    def __str__(self):
        return str(self.args[0])


class CaffeFunction(link.Chain):
    """Caffe emulator based on the model file of Caffe.

    Given a binary protocol buffers file of a Caffe model (``.caffemodel``, a
    ``NetParameter`` in the current ``layer`` or the legacy V1 ``layers``
    format), this chain holds the parameterized layers as child links named as
    the layers (so ``to_gpu``, ``copyparams``, serializers and optimizers work on
    it) and emulates the net on :class:`~chainer.Variable` objects with Caffe's
    semantics. The supported layer types are listed in the package README.

    It ignores:

    - layers of unsupported types (with a warning naming them) and data layers
      (``Data``, ``Input``, ...: their tops are given as inputs),
    - layers that have no top blobs,
    - layers whose bottom blobs are incomplete (neither given nor computed),
    - layers whose include/exclude rules leave out the current phase.

    Asking for an output that one of these left uncomputed raises an error
    naming the layer. A model saved with :func:`chainer.serializers.save_npz`
    keeps its net definition, so ``CaffeFunction('model.npz')`` loads it again
    without protobuf.

    Args:
        model_path (str): path of the binary caffemodel (or of such an npz).

    Attributes:
        forwards (dict): a mapping from layer names to the functions emulating
            them (taking and returning Variables).
        layers (list): ``(name, bottoms, tops)`` of the emulated layers, in order.
        split_map (dict): the top blobs of Split layers, each mapped to the bottom
            blob it copies.
        train (bool): the phase of the last call (True: TRAIN).

    Raises:
        ValueError: (a ``CaffeModelError``, also a ``RuntimeError`` as in v1) when
            the file is not a readable caffemodel: empty, truncated, corrupt, or
            another kind of file, or when a layer sets what Chainer v1 and v7
            refused too: InnerProduct ``axis`` or Softmax/SoftmaxWithLoss
            ``softmax_param.axis`` other than 1, WITHIN_CHANNEL LRN, STOCHASTIC
            pooling.
    """

    def __init__(self, model_path):
        super(CaffeFunction, self).__init__()
        self.forwards = {}
        self.layers = []
        self.split_map = {}
        self.train = True
        # whether the layers call their functions with v1's per-call switches (set by
        # each call; the forwards entries called alone behave as in v1)
        self._v1_call = True
        self._steps = []
        npz = _is_npz(model_path)
        try:
            if npz:
                spec = _read_definition(model_path)
            else:
                spec = _model_file.read_caffemodel(model_path, _registry.param_fields)
            for layer in spec.layers:
                self._setup_layer(layer, warn=not npz)
                layer.blobs = None  # the arrays now belong to the links
        except ValueError as e:
            if str(model_path) in str(e):
                raise
            # every error names the file (a layer's blobs that do not fit, no layers)
            raise _model_file.CaffeModelError('{}: {}'.format(model_path, e)) from e
        self.add_persistent(_DEFINITION_KEY, spec.to_json())
        if npz:
            serializers.load_npz(model_path, self)

    @property
    def fs(self):
        """The links of the parameterized layers, as attributes named after the
        layers: this chain itself (v1 kept them in a :class:`~chainer.FunctionSet`
        ``fs``; here ``func.fs.conv1`` is ``func.conv1``)."""
        return self

    def add_layer_link(self, name, child):
        """Registers the link of layer ``name`` (used by the layer builders)."""
        if name in self.__dict__:
            raise ValueError('layer name {!r} collides with an attribute of '
                             'CaffeFunction or with another layer'.format(name))
        # Links allocate gradient arrays; inference never needs them and freeing them
        # layer by layer keeps the peak memory of a large model down.
        child.cleargrads()
        self.add_link(name, child)

    def _setup_layer(self, layer, warn):
        kind = '{!r} ({})'.format(layer.name, layer.type)
        setting = refused.refused_setting(layer)
        if setting is not None:
            # v1 and v7 refused these whether or not the layer had tops
            raise ValueError('layer {} sets {}, which CaffeFunction does not support'
                             .format(kind, setting))
        if not layer.top:
            return
        if layer.type in _registry.DATA_LAYER_TYPES:
            self._steps.append((layer, None, 'is a data layer: give its tops in inputs'))
            return
        build = _registry.builder(layer.type)
        reason = None
        if build is None:
            reason = 'has the unsupported type {!r}'.format(layer.type)
        else:
            try:
                forward = build(layer, self)
            except _registry.Unsupported as e:
                reason = 'has an unsupported configuration: {}'.format(e)
            except ValueError as e:
                message = str(e)
                if not message.startswith('layer {!r}'.format(layer.name)):
                    message = 'layer {}: {}'.format(kind, message)
                raise ValueError(message) from e
        if reason is not None:
            if warn:
                warnings.warn('CaffeFunction skips layer {} which {}'.format(kind, reason),
                              stacklevel=3)
            self._steps.append((layer, None, reason))
            return
        self.forwards[layer.name] = _BoundForward(self, forward)
        self.layers.append((layer.name, list(layer.bottom), list(layer.top)))
        self._steps.append((layer, forward, None))

    def __call__(self, inputs, outputs, disable=(), train=None):
        """Executes a sub-network of the network.

        Interprets the layers in order: a layer runs when it is enabled, belongs
        to the phase and all its bottom blobs are given or computed; its outputs
        are stored as Variables under its top blob names.

        Args:
            inputs (dict): initial correspondences between blob names and
                :class:`~chainer.Variable` objects.
            outputs (Iterable): names of the blobs whose Variables are returned.
            disable (Iterable): names of layers to ignore in this computation.
            train (bool or None): emulate the TRAIN phase (dropout, batch
                statistics) if True, the TEST phase if False; None (the default)
                follows ``chainer.config.train`` (v2+; True unless the caller is in
                ``chainer.using_config('train', False)``, so v1 code that omits it
                gets v1's default, TRAIN). Given explicitly (v1), the layers call
                their functions with v1's per-call switches (``train=``,
                ``use_cudnn=``); otherwise with v7's (the configuration).

        Returns:
            tuple: the Variables of the ``outputs`` blobs, in order.

        Raises:
            KeyError: (a ``MissingBlobError``) when an output was not computed,
                naming the layer that was skipped and why.
        """
        self._v1_call = train is not None
        if train is None:
            train = bool(chainer.config.train)
        self.train = train
        phase = _net_spec.TRAIN if train else _net_spec.TEST
        disable = set(disable)
        variables = dict(inputs)
        why_missing = {}
        for layer, forward, reason in self._steps:
            if layer.name in disable:
                reason = 'is disabled'
            elif phase not in layer.phases:
                reason = 'is excluded from the {} phase'.format('TRAIN' if train else 'TEST')
            elif forward is not None:
                absent = [b for b in layer.bottom if b not in variables]
                if not absent:
                    self._run(layer, forward, variables)
                    continue
                reason = 'lacks its bottom {!r}: {}'.format(
                    absent[0], why_missing.get(absent[0], 'it is not in inputs'))
            excluded = phase not in layer.phases
            for top in layer.top:
                if top in variables or excluded and top in why_missing:
                    continue  # a layer of the other phase does not hide a better reason
                why_missing[top] = 'layer {!r} ({}) {}'.format(layer.name, layer.type,
                                                               reason)
        return tuple(_lookup(variables, why_missing, name) for name in outputs)

    def _run(self, layer, forward, variables):
        results = forward(self, *[variables[b] for b in layer.bottom])
        if not isinstance(results, tuple):
            results = (results,)
        if len(results) != len(layer.top):
            raise ValueError('layer {!r} ({}) computed {} blobs for {} tops'.format(
                layer.name, layer.type, len(results), len(layer.top)))
        variables.update(zip(layer.top, results))


class _BoundForward(object):
    """The entry of ``forwards``: a layer's function taking only Variables."""

    def __init__(self, net, forward):
        self._net = net
        self._forward = forward

    def __call__(self, *xs):
        return self._forward(self._net, *xs)


def _lookup(variables, why_missing, name):
    try:
        return variables[name]
    except KeyError:
        pass
    if name in why_missing:
        raise MissingBlobError('blob {!r} was not computed: {}'.format(
            name, why_missing[name]))
    raise MissingBlobError('blob {!r} is neither in inputs nor the top of any layer'
                           .format(name))


def _is_npz(path):
    with open(path, 'rb') as f:
        return f.read(len(_NPZ_MAGIC)) == _NPZ_MAGIC


def _read_definition(path):
    try:
        with numpy.load(path, allow_pickle=False) as npz:
            if _DEFINITION_KEY not in npz.files:
                raise _model_file.CaffeModelError(
                    '{}: an npz file without a net definition (only npz files saved from '
                    'a CaffeFunction can be loaded by it)'.format(path))
            text = str(npz[_DEFINITION_KEY])
    except _model_file.CaffeModelError:
        raise
    except Exception as e:  # zipfile and numpy raise many types on a damaged file
        raise _model_file.CaffeModelError('{}: a truncated or damaged npz file ({}: {})'
                                          .format(path, type(e).__name__, e)) from None
    try:
        return _net_spec.NetSpec.from_json(text)
    except ValueError as e:
        raise _model_file.CaffeModelError('{}: {}'.format(path, e)) from None
