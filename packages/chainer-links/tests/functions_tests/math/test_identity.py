import numpy

import chainer
import chainer.functions as F


def test_identity_single(rng, dtype, check_backward):
    x = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    y = F.identity(x)
    assert isinstance(y, chainer.Variable)
    numpy.testing.assert_array_equal(y.data, x)
    check_backward(F.identity, x, rng.uniform(-1, 1, (3, 2)).astype(dtype), dtype)


def test_identity_several(rng, dtype, check_backward):
    xs = (rng.uniform(-1, 1, (3,)).astype(dtype), rng.uniform(-1, 1, (2, 2)).astype(dtype))
    ys = F.identity(*xs)
    assert isinstance(ys, tuple) and len(ys) == 2
    for x, y in zip(xs, ys):
        numpy.testing.assert_array_equal(y.data, x)
    gys = tuple(rng.uniform(-1, 1, x.shape).astype(dtype) for x in xs)
    check_backward(F.identity, xs, gys, dtype)


def test_identity_adds_a_graph_node(rng):
    x = chainer.Variable(rng.uniform(-1, 1, (2,)).astype(numpy.float32))
    y = F.identity(x)
    assert y is not x and y.creator is not None
