"""Regenerates ``chainer/links/caffe/caffe_pb2.py`` from ``caffe.proto``.

Usage (from anywhere)::

    python packages/chainer-caffe/tools/generate_caffe_pb2.py [OUTPUT_DIR]

Without ``OUTPUT_DIR`` the checked-in module is overwritten. The generator is
grpcio-tools' bundled protoc, pinned to :data:`PROTOC_PACKAGE_VERSION`: its
output has no runtime-version gate, so the module imports with every protobuf
runtime the package declares (4.21.6 up to 7.x). A newer protoc would emit a
gate that refuses runtimes older than itself.
"""
import os
import sys

#: The grpcio-tools release whose protoc (libprotoc 25.1) generates the module.
PROTOC_PACKAGE_VERSION = '1.62.3'

SRC_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, 'src')
PROTO_PATH = 'chainer/links/caffe/caffe.proto'
MODULE_PATH = 'chainer/links/caffe/caffe_pb2.py'


def _check_protoc_version():
    from importlib import metadata
    version = metadata.version('grpcio-tools')
    if version != PROTOC_PACKAGE_VERSION:
        raise RuntimeError(
            'caffe_pb2.py is generated with grpcio-tools=={} (found {}); other '
            'versions emit different code'.format(PROTOC_PACKAGE_VERSION, version))


def generate(out_dir):
    """Runs protoc on ``caffe.proto``, writing ``<out_dir>/chainer/links/caffe/caffe_pb2.py``.

    Args:
        out_dir (str): root of the output tree (created subfolders included).

    Returns:
        str: path of the generated module.
    """
    from grpc_tools import protoc
    _check_protoc_version()
    src_root = os.path.normpath(SRC_ROOT)
    os.makedirs(os.path.join(out_dir, os.path.dirname(MODULE_PATH)), exist_ok=True)
    status = protoc.main(['protoc', '--proto_path=' + src_root,
                          '--python_out=' + out_dir, PROTO_PATH])
    if status != 0:
        raise RuntimeError('protoc failed with status {} on {}'.format(status, PROTO_PATH))
    return os.path.join(out_dir, MODULE_PATH)


if __name__ == '__main__':
    target = sys.argv[1] if len(sys.argv) > 1 else os.path.normpath(SRC_ROOT)
    print(generate(target))
