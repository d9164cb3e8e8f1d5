"""Attributes of function nodes under v7's names, which exporters written for v7
(onnx-chainer) read from the graph: ClippedReLU.cap and Pad.pad_bw."""
import numpy

import chainer
import chainer.functions as F


def _x(*shape):
    return chainer.Variable(numpy.random.uniform(-2, 2, shape).astype(numpy.float32))


def test_clipped_relu_cap():
    y = F.clipped_relu(_x(2, 3), 1.5)
    assert y.creator.cap == 1.5 == y.creator.z


def test_pad_bw_as_v7_keeps_it():
    x = _x(2, 3)
    numpy.testing.assert_array_equal(F.pad(x, 1, 'constant').creator.pad_bw, [1, 1])
    numpy.testing.assert_array_equal(F.pad(x, (1, 2), 'edge').creator.pad_bw, [1, 2])
    node = F.pad(x, ((0, 1), (2, 0)), 'constant').creator
    numpy.testing.assert_array_equal(node.pad_bw, [[0, 1], [2, 0]])
    assert node.mode == 'constant'



def test_clipped_relu_cap_can_be_set():
    node = F.clipped_relu(_x(2, 3), 1.5).creator
    node.cap = 0.5
    assert node.z == 0.5
    x = numpy.array([[-1.0, 0.25, 2.0]], numpy.float32)
    numpy.testing.assert_array_equal(node.forward((x,))[0], [[0.0, 0.25, 0.5]])
