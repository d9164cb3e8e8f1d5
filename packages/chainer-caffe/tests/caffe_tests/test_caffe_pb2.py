"""The checked-in caffe_pb2.py is what the pinned protoc generates from caffe.proto,
and it coexists with pycaffe's own ``caffe`` messages in one process."""
import importlib.util
import os
import subprocess
import sys

import pytest

from chainer.links.caffe import caffe_pb2

PACKAGE_ROOT = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir)


def _generator():
    path = os.path.join(PACKAGE_ROOT, 'tools', 'generate_caffe_pb2.py')
    spec = importlib.util.spec_from_file_location('generate_caffe_pb2', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_checked_in_module_is_regenerated_identically(tmp_path):
    pytest.importorskip('grpc_tools.protoc')
    generator = _generator()
    from importlib import metadata
    if metadata.version('grpcio-tools') != generator.PROTOC_PACKAGE_VERSION:
        pytest.skip('needs grpcio-tools=={}'.format(generator.PROTOC_PACKAGE_VERSION))
    generated = generator.generate(str(tmp_path))
    with open(generated, 'rb') as f:
        fresh = f.read()
    with open(caffe_pb2.__file__, 'rb') as f:
        assert f.read() == fresh, 'caffe_pb2.py is stale: run tools/generate_caffe_pb2.py'


def test_field_numbers_are_caffes():
    def number(message, field):
        return message.DESCRIPTOR.fields_by_name[field].number
    assert number(caffe_pb2.NetParameter, 'layer') == 100
    assert number(caffe_pb2.NetParameter, 'layers') == 2
    assert number(caffe_pb2.LayerParameter, 'blobs') == 7
    assert number(caffe_pb2.LayerParameter, 'batch_norm_param') == 139
    assert number(caffe_pb2.LayerParameter, 'scale_param') == 142
    assert number(caffe_pb2.V1LayerParameter, 'blobs') == 6
    assert number(caffe_pb2.BlobProto, 'data') == 5
    assert number(caffe_pb2.ConvolutionParameter, 'dilation') == 18


def test_coexists_with_pycaffe_messages():
    # pycaffe registers caffe.proto with package `caffe` in the default pool.
    code = '\n'.join([
        'from google.protobuf import descriptor_pb2, descriptor_pool',
        'f = descriptor_pb2.FileDescriptorProto(name="caffe.proto", package="caffe")',
        'm = f.message_type.add(name="NetParameter")',
        'm.field.add(name="name", number=1, type=9, label=1)',
        'descriptor_pool.Default().Add(f)',
        'from chainer.links.caffe import caffe_pb2',
        'assert caffe_pb2.NetParameter.DESCRIPTOR.full_name == "chainer_caffe.NetParameter"',
    ])
    subprocess.run([sys.executable, '-c', code], check=True)
