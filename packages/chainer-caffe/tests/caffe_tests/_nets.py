"""Test helpers: writing caffemodels with caffe_pb2 and running OpenCV's Caffe importer
on the same weights (an independent implementation of Caffe's layer semantics)."""
import os

import numpy
import pytest

from chainer.links.caffe import caffe_pb2 as pb
from google.protobuf import text_format


def fill(message, values):
    """Sets the fields of ``message`` from a dict (nested dicts for messages, lists
    for repeated fields)."""
    for name, value in values.items():
        field = getattr(message, name)
        if isinstance(value, dict):
            fill(field, value)
        elif isinstance(value, (list, tuple)):
            for v in value:
                if isinstance(v, dict):
                    fill(field.add(), v)
                else:
                    field.append(v)
        else:
            setattr(message, name, value)


def blob_proto(array, legacy_shape=False, double=False):
    """A BlobProto holding ``array`` (shape field, or the legacy 4-D fields)."""
    blob = pb.BlobProto()
    array = numpy.asarray(array)
    if legacy_shape:
        dims = (1,) * (4 - array.ndim) + array.shape
        blob.num, blob.channels, blob.height, blob.width = dims
    else:
        blob.shape.dim.extend(array.shape)
    if double:
        blob.double_data.extend(array.astype(numpy.float64).ravel().tolist())
    else:
        blob.data.extend(array.astype(numpy.float32).ravel().tolist())
    return blob


class Net(object):
    """Builds a NetParameter layer by layer (the current ``layer`` format).

    Args:
        inputs (dict): input blob names and shapes (used for the deploy prototxt).
    """

    def __init__(self, inputs, name='testnet', seed=0):
        self.proto = pb.NetParameter(name=name)
        self.inputs = dict(inputs)
        self.rng = numpy.random.RandomState(seed)
        self.last_writer = {}

    def layer(self, name, type, bottom, top, blobs=(), **params):
        """Adds a layer; ``blobs`` are arrays, ``params`` the *_param messages as dicts."""
        layer = self.proto.layer.add(name=name, type=type)
        layer.bottom.extend([bottom] if isinstance(bottom, str) else bottom)
        layer.top.extend([top] if isinstance(top, str) else top)
        for array in blobs:
            layer.blobs.append(blob_proto(array))
        fill(layer, params)
        for t in layer.top:
            self.last_writer[t] = name
        return layer

    def randn(self, *shape, scale=1.0):
        return (self.rng.standard_normal(shape) * scale).astype(numpy.float32)

    def input_arrays(self, seed=1):
        rng = numpy.random.RandomState(seed)
        return {k: rng.standard_normal(s).astype(numpy.float32)
                for k, s in self.inputs.items()}

    def save(self, path):
        with open(str(path), 'wb') as f:
            f.write(self.proto.SerializeToString())
        return str(path)

    def deploy_prototxt(self):
        """The net as a deploy prototxt: Input layers first, no blobs."""
        deploy = pb.NetParameter(name=self.proto.name)
        for name, shape in self.inputs.items():
            layer = deploy.layer.add(name=name, type='Input')
            layer.top.append(name)
            layer.input_param.shape.add().dim.extend(shape)
        for layer in self.proto.layer:
            copy = deploy.layer.add()
            copy.CopyFrom(layer)
            del copy.blobs[:]
        return text_format.MessageToString(deploy)


def opencv_forward(net, model_path, inputs, outputs):
    """Runs OpenCV's dnn Caffe importer on the net; returns arrays of ``outputs`` blobs."""
    cv2 = pytest.importorskip('cv2')
    prototxt = os.path.splitext(str(model_path))[0] + '.prototxt'
    with open(prototxt, 'w') as f:
        f.write(net.deploy_prototxt())
    cv_net = cv2.dnn.readNetFromCaffe(prototxt, str(model_path))
    cv_net.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
    cv_net.setPreferableTarget(cv2.dnn.DNN_TARGET_CPU)
    cv_net.enableFusion(False)
    for name, array in inputs.items():
        cv_net.setInput(array, name)
    layer_names = [net.last_writer[o] for o in outputs]
    results = cv_net.forward(layer_names)
    return [numpy.asarray(r) for r in results]


def assert_close_relative(actual, expected, rtol=1e-4):
    """Elementwise ``|a - e| <= rtol * (|e| + max|e| * 1e-2)``: relative, with a floor
    at 1% of the largest magnitude so that values near zero compare sensibly."""
    actual = numpy.asarray(actual, dtype=numpy.float64)
    expected = numpy.asarray(expected, dtype=numpy.float64)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    scale = numpy.abs(expected) + numpy.abs(expected).max() * 1e-2 + 1e-30
    err = numpy.abs(actual - expected) / scale
    assert err.max() <= rtol, 'max relative error {} > {}'.format(err.max(), rtol)
