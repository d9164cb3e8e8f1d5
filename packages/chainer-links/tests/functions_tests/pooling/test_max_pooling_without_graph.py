"""Max pooling that builds no graph computes no argmax (nobody can read it), and
computes it wherever it can be read: a graph, return_indices, a function hook, a node
the caller holds."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.pooling import _windows

POOLINGS = [
    (lambda x, **kw: F.max_pooling_2d(x, 3, 2, 1, **kw), (2, 3, 7, 6)),
    (lambda x, **kw: F.max_pooling_nd(x, 2, **kw), (2, 2, 4, 4, 4)),
    (lambda x, **kw: F.max_pooling_1d(x, 3, 1, 1, **kw), (2, 3, 5)),
]


@pytest.fixture
def argmax_calls(monkeypatch):
    calls = []
    real = _windows.window_max

    def counting(*args):
        calls.append(args)
        return real(*args)
    monkeypatch.setattr(_windows, 'window_max', counting)
    return calls


def _x(shape):
    return numpy.random.RandomState(0).randn(*shape).astype(numpy.float32)


@pytest.mark.parametrize('pool,shape', POOLINGS)
def test_no_argmax_without_a_graph(argmax_calls, pool, shape):
    x = _x(shape)
    expected = pool(chainer.Variable(x)).data
    assert len(argmax_calls) == 1  # a graph: the backward needs it
    with chainer.no_backprop_mode():
        y = pool(chainer.Variable(x))
    assert y.creator is None and len(argmax_calls) == 1
    numpy.testing.assert_array_equal(y.data, expected)
    y = pool(chainer.Variable(x, volatile='on'))  # v1's graph-free call
    assert len(argmax_calls) == 1
    numpy.testing.assert_array_equal(y.data, expected)


@pytest.mark.parametrize('pool,shape', POOLINGS)
def test_indices_are_returned_without_a_graph(pool, shape):
    x = _x(shape)
    y, expected = pool(x, return_indices=True)
    with chainer.no_backprop_mode():
        y2, indexes = pool(x, return_indices=True)
    numpy.testing.assert_array_equal(indexes, expected)
    numpy.testing.assert_array_equal(y2.data, y.data)


def test_a_function_hook_sees_the_argmax(argmax_calls):
    seen = []

    class Keep(chainer.FunctionHook):
        def forward_postprocess(self, function, in_data):
            seen.append(function.indexes)

    x = _x((1, 2, 4, 4))
    with chainer.no_backprop_mode(), Keep():
        F.max_pooling_2d(x, 2)
    assert len(argmax_calls) == 1 and seen[0].shape == (1, 2, 2, 2)


def test_a_node_the_caller_holds_keeps_its_argmax():
    x = _x((1, 2, 4, 4))
    pooling = F.MaxPooling2D(2)
    with chainer.no_backprop_mode():
        y = pooling(x)
    up = F.upsampling_2d(y, pooling.indexes, 2, outsize=(4, 4))
    assert up.shape == x.shape
    numpy.testing.assert_array_equal(up.data.max(axis=(2, 3)), x.max(axis=(2, 3)))
