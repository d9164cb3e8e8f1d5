"""A caffemodel over 500 MB (like VGG-16's) loads: no protobuf size limit applies.
The file is written in chunks; the model is loaded in a fresh process whose peak
memory is reported (see the package README)."""
import json
import subprocess
import sys

import numpy

from chainer.links.caffe import caffe_pb2 as pb
from chainer.testing import attr

K, N = 8192, 16000  # 131 M floats: a 524 MB weight blob
CHUNK_ROWS = 500


def _varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7f
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _field(number, payload_size):
    return _varint(number << 3 | 2) + _varint(payload_size)


def _rows(start, stop):
    index = numpy.arange(start * K, stop * K, dtype=numpy.int64)
    return (index % 7).astype('<f4')


def write_large_model(path):
    layer = pb.LayerParameter(name='fc', type='InnerProduct', bottom=['data'], top=['fc'])
    layer.inner_product_param.num_output = N
    layer.inner_product_param.bias_term = False
    head = layer.SerializeToString()
    shape = pb.BlobShape(dim=[N, K]).SerializeToString()
    data_size = N * K * 4
    blob_size = len(_field(7, len(shape))) + len(shape) + len(_field(5, data_size)) + \
        data_size
    layer_size = len(head) + len(_field(7, blob_size)) + blob_size
    with open(path, 'wb') as f:
        f.write(_field(100, layer_size) + head + _field(7, blob_size))
        f.write(_field(7, len(shape)) + shape + _field(5, data_size))
        for start in range(0, N, CHUNK_ROWS):
            f.write(_rows(start, min(N, start + CHUNK_ROWS)).tobytes())


LOAD = '''
import json, resource, sys, time, numpy, chainer
from chainer.links.caffe import CaffeFunction
start = time.time()
f = CaffeFunction(sys.argv[1])
seconds = time.time() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
y, = f({'data': chainer.Variable(numpy.ones((1, %d), numpy.float32))}, ['fc'], train=False)
W = f.fc.W.data
print(json.dumps({'shape': W.shape, 'corner': W[[0, 1, -1], [0, 5, -1]].tolist(),
                  'y': y.data[0, :3].tolist(), 'peak': peak, 'seconds': seconds}))
''' % K


@attr.slow
def test_model_over_500mb_loads(tmp_path):
    path = str(tmp_path / 'large.caffemodel')
    write_large_model(path)
    size = (tmp_path / 'large.caffemodel').stat().st_size
    assert size > 500 * 2 ** 20
    result = subprocess.run([sys.executable, '-c', LOAD, path], check=True,
                            stdout=subprocess.PIPE, universal_newlines=True)
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report['shape'] == [N, K]
    assert report['corner'] == [float(i % 7) for i in (0, K + 5, N * K - 1)]
    expected_y = [float(_rows(i, i + 1).astype(numpy.float64).sum()) for i in range(3)]
    numpy.testing.assert_allclose(report['y'], expected_y, rtol=1e-6)
    # Peak: the mapped file pages, the parameters and, while the layer is built, the
    # gradient array its link allocates (freed at once): about three file sizes for
    # this one-layer model, about 2.8 for VGG-16 (whose largest layer is 78%).
    assert report['peak'] < 3.3 * size
    print('file {:.0f} MB, peak RSS {:.0f} MB, load {:.1f} s'.format(
        size / 2 ** 20, report['peak'] / 2 ** 20, report['seconds']))
