"""Fuzzing the caffemodel reader (issue 18): a damaged file (truncated at any byte,
flipped bytes, blobs claiming huge or wrong sizes, random bytes) gives either a
CaffeFunction holding exactly the blobs protobuf reads from the same file, or the
documented error (a ValueError naming the file), never a crash, a hang or an allocation
far beyond the file's size.

A few derandomized examples in the ordinary run; ``nox -s fuzz`` runs the target long
and randomized (``chainer.testing._fuzz``)."""
import os

import numpy
import pytest

from chainer.links.caffe import caffe_pb2 as pb
from chainer.links.caffe import CaffeFunction
from chainer.testing import _fuzz

from caffe_tests import _nets

hypothesis = pytest.importorskip('hypothesis')
st = hypothesis.strategies

HANG_SECONDS = 60
ALLOCATION_SLACK = 4 << 20


def _net():
    net = _nets.Net({'data': (2, 3, 5, 5)})
    net.layer('conv1', 'Convolution', 'data', 'conv1',
              blobs=[net.randn(4, 3, 3, 3), net.randn(4)],
              convolution_param=dict(num_output=4, kernel_size=[3], pad=[1]))
    net.layer('relu1', 'ReLU', 'conv1', 'conv1')
    net.layer('fc', 'InnerProduct', 'conv1', 'fc',
              blobs=[net.randn(3, 4 * 5 * 5), net.randn(3)],
              inner_product_param=dict(num_output=3))
    return net


_BASE = _net().proto.SerializeToString()


def _with_blob(dims, values):
    """The base net with conv1's weight blob claiming ``dims`` and holding ``values``."""
    proto = pb.NetParameter()
    proto.ParseFromString(_BASE)
    blob = proto.layer[0].blobs[0]
    del blob.shape.dim[:]
    blob.shape.dim.extend(dims)
    del blob.data[:]
    blob.data.extend(values)
    return proto.SerializeToString()


@st.composite
def _damaged(draw):
    kind = draw(st.sampled_from(['bytes', 'huge', 'short', 'random']))
    if kind == 'bytes':
        return draw(_fuzz.truncated_or_flipped(_BASE))
    if kind == 'huge':  # a shape of up to 10**18 values over a few floats
        dims = draw(st.lists(st.integers(1, 10 ** 6), min_size=1, max_size=3))
        return _with_blob(dims, [0.5] * draw(st.integers(0, 8)))
    if kind == 'short':
        return _with_blob([4, 3, 3, 3], [0.5] * draw(st.integers(0, 107)))
    return draw(st.binary(max_size=512))


def _blobs_protobuf_reads(data):
    """conv1's and fc's blobs as protobuf parses ``data``, or None when it cannot."""
    proto = pb.NetParameter()
    try:
        proto.ParseFromString(data)
    except Exception:  # protobuf's DecodeError and friends: not a message
        return None
    return {layer.name: [numpy.asarray(b.data, numpy.float32) for b in layer.blobs]
            for layer in proto.layer}


@_fuzz.settings(ci_examples=40)
@hypothesis.given(data=_damaged())
def test_fuzz_caffemodel(tmp_path_factory, data):
    path = _fuzz.written(tmp_path_factory, 'fuzzed.caffemodel', data)
    func = error = None
    with _fuzz.bounded(8 * len(data) + ALLOCATION_SLACK, HANG_SECONDS):
        try:
            func = CaffeFunction(path)
        except ValueError as e:
            error = e
    if error is not None:
        assert 'fuzzed.caffemodel' in str(error), error
        _fuzz.tried('caffemodel, error')
        return
    blobs = _blobs_protobuf_reads(data)
    assert blobs is not None, 'loaded a file protobuf cannot parse'
    for name, link in func.namedlinks():
        layer = name.lstrip('/')
        if not layer or layer not in blobs:
            continue
        params = [link.W.data] + ([link.b.data] if getattr(link, 'b', None) is not None
                                  else [])
        assert len(params) == len(blobs[layer]), layer
        for param, blob in zip(params, blobs[layer]):
            numpy.testing.assert_array_equal(param.ravel(), blob, err_msg=layer)
    _fuzz.tried('caffemodel, loaded')


def test_the_undamaged_net_loads_and_a_huge_claim_is_refused(tmp_path):
    path = str(tmp_path / 'net.caffemodel')
    with open(path, 'wb') as f:
        f.write(_BASE)
    assert CaffeFunction(path).conv1.W.shape == (4, 3, 3, 3)
    with open(path, 'wb') as f:
        f.write(_with_blob([10 ** 6, 10 ** 6, 10 ** 6], [0.5]))
    with pytest.raises(ValueError):
        CaffeFunction(path)
    assert os.path.getsize(path) < 2000
