"""The module-level names v1 code reads from the caffe package: ``available`` (whether
caffemodels can be read), ``caffe_pb`` (the generated message classes) and the
``caffe_function`` module under both the new and the legacy package."""
import os
import subprocess
import sys

import chainer.functions.caffe
import chainer.links.caffe
from chainer.links.caffe import caffe_function
from chainer.links.caffe import caffe_pb2


def test_available_and_caffe_pb_as_in_v1():
    # v1 code guards on ``available`` and builds nets with ``caffe_pb``.
    assert caffe_function.available is True
    from chainer.links.caffe.caffe_function import caffe_pb
    assert caffe_pb is caffe_pb2
    net = caffe_pb.NetParameter()
    net.layer.add(name='l1', type='Concat', bottom=['x', 'y'], top=['z'])
    assert caffe_pb.NetParameter.FromString(net.SerializeToString()) == net


def test_caffe_function_module_is_reachable_from_both_packages_as_in_v1():
    assert chainer.links.caffe.caffe_function is caffe_function
    assert chainer.functions.caffe.caffe_function is caffe_function
    assert chainer.functions.caffe.CaffeFunction is caffe_function.CaffeFunction


def test_not_available_without_protobuf_and_imported_without_it():
    # A fresh interpreter where importing protobuf fails: the module still imports
    # (npz models load without protobuf) and says caffemodels cannot be read.
    code = '\n'.join([
        'import sys',
        "sys.modules['google.protobuf'] = None",
        'from chainer.links.caffe import caffe_function',
        'assert caffe_function.available is False',
        "assert 'chainer.links.caffe.caffe_pb2' not in sys.modules"])
    subprocess.run([sys.executable, '-c', code], check=True, env=dict(os.environ))
