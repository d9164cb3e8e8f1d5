"""The graph nodes of functions under their Chainer v7 class names and attribute
layouts (what exporters written for v7, such as onnx-chainer, look up), with the v1
names and call forms still working."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer.functions.array import permutate as permutate_mod
from chainer.functions.math import average as average_mod
from chainer.functions.math import prod as prod_mod
from chainer.functions.math import rsqrt as rsqrt_mod
from chainer.functions.normalization import batch_normalization as bn_mod


def _x(*shape, low=0.5, high=2.0):
    return chainer.Variable(numpy.random.uniform(low, high, shape).astype(numpy.float32))


def test_batch_normalization_node_is_v7_named_and_keeps_aggregated_axes():
    x, gamma, beta = _x(3, 2, 4, 5), _x(2), _x(2)
    node = F.batch_normalization(x, gamma, beta).creator
    assert type(node).__name__ == 'BatchNormalization'
    assert isinstance(node, bn_mod.BatchNormalizationFunction)  # v1's name
    assert node.axis == (0, 2, 3)  # v7 replaces axis by the aggregated axes
    node2 = F.batch_normalization(_x(6, 3), _x(3), _x(3), axis=0).creator
    assert node2.axis == (0,)


def test_batch_normalization_function_v1_form_still_runs():
    x, gamma, beta = _x(4, 3), _x(3), _x(3)
    y = bn_mod.BatchNormalizationFunction(train=True)(x, gamma, beta)
    numpy.testing.assert_allclose(y.array.mean(axis=0), beta.array, atol=1e-5)


def test_normalize_axis_is_a_tuple():
    assert F.normalize(_x(2, 3)).creator.axis == (1,)
    assert F.normalize(_x(2, 3, 4), axis=(1, 2)).creator.axis == (1, 2)


def test_mean_node_is_mean():
    x = _x(2, 3, 4)
    y = F.mean(x, axis=1, keepdims=True)
    node = y.creator
    assert type(node).__name__ == 'Mean'
    assert node.axis == (1,) and node.keepdims is True
    numpy.testing.assert_allclose(y.array, x.array.mean(axis=1, keepdims=True),
                                  rtol=1e-6)
    assert type(F.average(x).creator).__name__ == 'Mean'
    weighted = F.average(x, axis=2, weights=_x(4)).creator
    assert type(weighted) is average_mod.Average


def test_prod_is_one_node_with_v7_attributes():
    x = _x(2, 3, 4)
    y = F.prod(x, axis=(0, 2))
    node = y.creator
    assert type(node) is prod_mod.Prod
    assert node.axis == (0, 2) and node.keepdims is False
    numpy.testing.assert_allclose(y.array, x.array.prod(axis=(0, 2)), rtol=1e-5)
    whole = F.prod(x, keepdims=True).creator
    assert whole.axis is None and whole.keepdims is True


@pytest.mark.parametrize('axis,keepdims', [(None, False), (1, True), ((0, 2), False),
                                           ((), False), (-1, False)])
@pytest.mark.parametrize('with_zero', [False, True])
def test_prod_gradients(axis, keepdims, with_zero):
    x = numpy.random.uniform(0.5, 2, (2, 3, 4))
    if with_zero:
        x[0, 1, :2] = 0
        x[1, 2, 3] = 0
    y = F.prod(x, axis=axis, keepdims=keepdims)
    numpy.testing.assert_allclose(y.array, x.prod(axis=axis, keepdims=keepdims))
    gy = numpy.random.uniform(-1, 1, y.shape)
    ggx = numpy.random.uniform(-1, 1, x.shape)

    def f(a):
        return F.prod(a, axis=axis, keepdims=keepdims)
    gradient_check.check_backward(f, x, gy, dtype=numpy.float64)
    gradient_check.check_double_backward(f, x, gy, ggx, dtype=numpy.float64)


def test_prod_node_applied_as_in_v7():
    x = _x(3, 4)
    y, = prod_mod.Prod(1, True).apply((x,))
    numpy.testing.assert_allclose(y.array, x.array.prod(axis=1, keepdims=True),
                                  rtol=1e-5)


def test_rsqrt_on_the_host_is_a_division_of_a_sqrt():
    x = _x(5)
    y = F.rsqrt(x)
    assert type(y.creator).__name__ == 'DivFromConstant'
    numpy.testing.assert_allclose(y.array, 1 / numpy.sqrt(x.array), rtol=1e-6)
    y.grad = numpy.ones(5, numpy.float32)
    y.backward()
    numpy.testing.assert_allclose(x.grad, -0.5 * x.array ** -1.5, rtol=1e-5)
    assert issubclass(rsqrt_mod.RsqrtGPU, rsqrt_mod.Rsqrt)
    # the one-node form computes the same
    numpy.testing.assert_allclose(rsqrt_mod.RsqrtGPU()(x).array, y.array, rtol=1e-6)


@pytest.mark.parametrize('axis,inv', [(0, False), (0, True), (1, False), (1, True)])
def test_permutate_v7_node_keeps_indices(axis, inv):
    x = _x(3, 3)
    indices = numpy.array([2, 0, 1], numpy.int32)
    y = F.permutate(x, indices, axis=axis, inv=inv)
    node = y.creator
    assert len(node.inputs) == 1
    numpy.testing.assert_array_equal(node.indices, indices)
    assert node.axis == axis and node.inv == inv
    take = numpy.argsort(indices) if inv else indices
    numpy.testing.assert_array_equal(y.array, x.array.take(take, axis=axis))
    y2, = permutate_mod.Permutate(indices, axis, inv).apply((x,))
    numpy.testing.assert_array_equal(y2.array, y.array)
    gradient_check.check_backward(
        lambda a: F.permutate(a, indices, axis, inv), x.array.astype(numpy.float64),
        numpy.random.uniform(-1, 1, (3, 3)), dtype=numpy.float64)


def test_permutate_v1_form_takes_indices_as_input():
    x = _x(3, 2)
    indices = chainer.Variable(numpy.array([1, 2, 0], numpy.int32))
    node = permutate_mod.Permutate(0, False)
    y = node(x, indices)
    assert len(node.inputs) == 2
    numpy.testing.assert_array_equal(y.array, x.array[[1, 2, 0]])
    y.grad = numpy.ones_like(y.array)
    y.backward()
    assert indices.grad is None
    numpy.testing.assert_array_equal(x.grad, numpy.ones((3, 2), numpy.float32))
    with pytest.raises(chainer.utils.type_check.InvalidType):
        F.permutate(x, numpy.array([0, 1], numpy.int32))


def test_softmax_cross_entropy_retained_inputs():
    x = _x(3, 4)
    t = numpy.array([0, 3, 1], numpy.int32)
    node = F.softmax_cross_entropy(x, t).creator
    xr, tr = node.get_retained_inputs()
    assert xr is x
    numpy.testing.assert_array_equal(tr.array, t)


def test_unpooling_2d_geometry_by_axis():
    x = _x(1, 2, 3, 4)
    y = F.unpooling_2d(x, (2, 3), stride=(2, 1), pad=(0, 1), cover_all=False)
    node = y.creator
    assert (node.kh, node.kw, node.sy, node.sx, node.ph, node.pw) == (2, 3, 2, 1, 0, 1)
    assert (node.outh, node.outw) == y.shape[2:]
    fixed = F.unpooling_2d(x, 2, outsize=(6, 8)).creator
    assert (fixed.outh, fixed.outw) == (6, 8)


def test_group_normalization_graph_reshapes_name_their_shape():
    x = _x(2, 4, 3)
    y = F.group_normalization(x, 2, _x(4), _x(4))
    shapes = []
    stack = [y.creator_node]
    while stack:
        node = stack.pop()
        if type(node).__name__ == 'Reshape':
            shapes.append(tuple(node.shape))
        stack.extend(v.creator_node for v in node.inputs if v.creator_node is not None)
    assert (1, 4, 6) in shapes
