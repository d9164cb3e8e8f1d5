"""Export of a Chainer model's computational graph as a BVLC Caffe net (v3+).

:func:`export` calls the model once (testing mode, the graph kept), walks the graph
from the outputs back to the input and writes one Caffe layer (or two) per function:
``chainer_model.prototxt`` (the net definition) and ``chainer_model.caffemodel`` (the
definition with the parameters as blobs), which
:class:`chainer.links.caffe.CaffeFunction` and Caffe itself load.
"""
import os

import chainer
from chainer import variable
from chainer.exporters import _caffe_graph
from chainer.exporters import _caffe_layers
from chainer.exporters._caffe_layers import CaffeExportError  # noqa: F401
from chainer.links.caffe import _model_file

__all__ = ['CAFFEMODEL_NAME', 'CaffeExportError', 'PROTOTXT_NAME', 'export']

#: Name of the net definition (text) that :func:`export` writes, as in Chainer v7.
PROTOTXT_NAME = 'chainer_model.prototxt'
#: Name of the net with its parameters (binary) that :func:`export` writes.
CAFFEMODEL_NAME = 'chainer_model.caffemodel'


class _NetBuilder(object):
    """Adds the layers of the converted functions to a ``NetParameter``."""

    def __init__(self, net, names, export_params):
        self.net = net
        self.names = names
        self.export_params = export_params

    def layer(self, caffe_type, func, bottoms):
        """Adds a layer of ``caffe_type`` reading ``bottoms``; its one top, named as
        the layer, becomes the blob of ``func``'s output."""
        layer = self.net.layer.add()
        layer.name = '{}{}'.format(caffe_type.lower(), len(self.net.layer) - 1)
        layer.type = caffe_type
        layer.bottom.extend(bottoms)
        layer.top.append(layer.name)
        self.names.set_top(func, layer.name)
        return layer

    def blob(self, layer, array):
        """Appends ``array`` (sent to the host, as float32) to the layer's blobs,
        when parameters are exported."""
        if not self.export_params:
            return
        array = chainer.backend.CpuDevice().send(array)
        blob = layer.blobs.add()
        blob.shape.dim.extend(int(n) for n in array.shape)
        blob.data.extend(array.astype('float32', copy=False).ravel().tolist())


def _as_variable(x):
    if isinstance(x, variable.Variable):
        return x
    return variable.Variable(x)


def _outputs_of(result):
    if isinstance(result, variable.Variable):
        return [result]
    if isinstance(result, (tuple, list)) and result and all(
            isinstance(y, variable.Variable) for y in result):
        return list(result)
    raise TypeError('the model must return a Variable or a tuple or list of them to '
                    'be exported, got {}'.format(type(result).__name__))


def _build_net(model, args, export_params, graph_name):
    """Calls ``model`` on ``args`` and returns its graph as a Caffe ``NetParameter``
    (the message :func:`export` writes), with an ``Input`` layer named ``data``.

    Args and errors are those of :func:`export`.

    Returns:
        The ``NetParameter`` message (``caffe_pb2`` of :mod:`chainer.links.caffe`).
    """
    if not isinstance(args, (tuple, list)):
        raise TypeError('args must be a tuple or list of the model\'s inputs, got '
                        '{}'.format(type(args).__name__))
    if len(args) != 1:
        raise ValueError('a Caffe net has one input here; the model takes {} '
                         'arguments'.format(len(args)))
    data = _as_variable(args[0])
    with chainer.force_backprop_mode(), chainer.using_config('train', False):
        outputs = _outputs_of(model(data))
    net = _model_file.caffe_messages().NetParameter()
    net.name = graph_name
    names = _caffe_graph.BlobNames(data)
    source = net.layer.add()
    source.name = names.data_name
    source.type = 'Input'
    source.top.append(names.data_name)
    source.input_param.shape.add().dim.extend(int(n) for n in data.shape)
    builder = _NetBuilder(net, names, export_params)
    for func in _caffe_graph.functions_in_order(outputs):
        _caffe_layers.converter_of(func)(func, builder)
    for y in outputs:
        if names.name(y) is None or names.is_data(y):
            raise CaffeExportError('an output of the model is not computed from its '
                                   'input; Caffe cannot export it')
    return net


def _write_prototxt(path, net):
    from google.protobuf import text_format
    messages = _model_file.caffe_messages()
    with open(path, 'w') as f:
        f.write('name: "{}"\n'.format(net.name))
        for layer in net.layer:
            bare = messages.LayerParameter()
            bare.CopyFrom(layer)
            del bare.blobs[:]
            f.write('layer {\n')
            f.write(text_format.MessageToString(bare, indent=2))
            f.write('}\n')


def export(model, args, directory=None, export_params=True, graph_name='Graph'):
    """Exports the computational graph of a model as a Caffe net (v3+).

    The model is called once on ``args`` with ``chainer.config.train`` False (so
    dropout is off and batch normalization uses its running statistics), and every
    function from its input to its outputs becomes a Caffe layer. Written functions:
    :func:`~chainer.functions.linear` (``InnerProduct``),
    :func:`~chainer.functions.convolution_2d`, :func:`~chainer.functions.deconvolution_2d`,
    :func:`~chainer.functions.max_pooling_2d`,
    :func:`~chainer.functions.average_pooling_2d` (``Pooling``),
    :func:`~chainer.functions.local_response_normalization` (``LRN``),
    :func:`~chainer.functions.fixed_batch_normalization` (what
    :class:`~chainer.links.BatchNormalization` computes in testing mode:
    ``BatchNorm`` then ``Scale``), :func:`~chainer.functions.relu`,
    :func:`~chainer.functions.leaky_relu` (``ReLU``), :func:`~chainer.functions.elu`,
    :func:`~chainer.functions.sigmoid`, :func:`~chainer.functions.tanh`,
    :func:`~chainer.functions.softmax`, :func:`~chainer.functions.concat`,
    :func:`~chainer.functions.reshape`, :func:`~chainer.functions.scale` and
    :func:`~chainer.functions.bias` (what :class:`~chainer.links.Scale` and
    :class:`~chainer.links.Bias` compute; the second operand a parameter blob or a
    second bottom) and the sum of two variables of one shape (``+``, ``Eltwise``).
    Any other function, or settings for which Caffe computes another result (e.g. a
    pooling whose output size Caffe's rounding does not give, an even LRN window),
    raises :class:`CaffeExportError`.

    Args:
        model (callable): the model (e.g. a :class:`~chainer.Chain`), called as
            ``model(*args)``; it returns a Variable or a tuple/list of them.
        args (tuple or list): the one input of the net, a
            :class:`~chainer.Variable` or an array; its shape is the net's input
            shape.
        directory (str or None): where ``chainer_model.prototxt`` and (with
            ``export_params``) ``chainer_model.caffemodel`` are written; None
            writes nothing (the graph is still converted, so errors show).
        export_params (bool): also write the caffemodel, with the parameters.
        graph_name (str): the ``name`` of the Caffe net.

    Returns:
        The Caffe ``NetParameter`` message that was written (with the parameter
        blobs when ``export_params``).

    Raises:
        CaffeExportError: a function of the graph has no Caffe layer computing the
            same values (a ValueError).
        ValueError: ``args`` holds more than one input.
    """
    net = _build_net(model, args, export_params, graph_name)
    if directory is not None:
        _write_prototxt(os.path.join(directory, PROTOTXT_NAME), net)
        if export_params:
            with open(os.path.join(directory, CAFFEMODEL_NAME), 'wb') as f:
                f.write(net.SerializeToString())
    return net
