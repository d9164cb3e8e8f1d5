import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import utils
from chainer.functions.math.sparse_matmul import CooMatMul
from chainer.utils import type_check


def _sparse(rng, shape):
    x = rng.uniform(.5, 1, shape)
    x[x < .75] = 0
    return x


def _t(x, trans):
    return x.swapaxes(-1, -2) if trans else x


@pytest.mark.parametrize('transa', [False, True])
@pytest.mark.parametrize('transb', [False, True])
@pytest.mark.parametrize('batch', [(), (2,)])
def test_both_orders_against_dense_product(rng, transa, transb, batch):
    a = _sparse(rng, batch + ((4, 3) if transa else (3, 4)))
    b = _sparse(rng, batch + ((5, 4) if transb else (4, 5)))
    expected = numpy.matmul(_t(a, transa), _t(b, transb))
    c = F.sparse_matmul(utils.to_coo(a), b, transa, transb)
    numpy.testing.assert_allclose(c.data, expected)
    c = F.sparse_matmul(a, utils.to_coo(b), transa, transb)
    numpy.testing.assert_allclose(c.data, expected)


@pytest.mark.parametrize('transa', [False, True])
@pytest.mark.parametrize('transb', [False, True])
@pytest.mark.parametrize('transc', [False, True])
def test_gradients_of_entries_and_dense_operand(rng, transa, transb, transc):
    a = _sparse(rng, (2,) + ((4, 3) if transa else (3, 4)))
    b = rng.uniform(.5, 1, (2,) + ((5, 4) if transb else (4, 5)))
    sp = utils.to_coo(a, ldnz=13)  # padded entries get no gradient
    shape = (2, 5, 3) if transc else (2, 3, 5)

    def func(data, dense):
        node = CooMatMul(sp.row, sp.col, sp.shape, sp.order, transa, transb, transc)
        return node.apply((data, dense))[0]

    gy = rng.uniform(-1, 1, shape)
    inputs = (sp.data.data, b)
    gradient_check.check_backward(func, inputs, gy)
    ggs = (rng.uniform(-1, 1, sp.data.shape), rng.uniform(-1, 1, b.shape))
    gradient_check.check_double_backward(func, inputs, gy, ggs)


def test_gradient_flows_to_coo_data(rng):
    a = _sparse(rng, (3, 4))
    sp = utils.to_coo(a, requires_grad=True)
    c = F.sparse_matmul(sp, numpy.ones((4, 2)))
    F.sum(c).backward()
    keep = sp.row >= 0
    numpy.testing.assert_allclose(sp.data.grad[keep], 2.0)


def test_bad_operands():
    a = numpy.ones((2, 3, 3), numpy.float32)
    b = numpy.ones((3, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):  # batch of 2 vs a single matrix
        F.sparse_matmul(utils.to_coo(a), b)
    with pytest.raises(type_check.InvalidType):  # inner sizes 3 vs 4
        F.sparse_matmul(utils.to_coo(b), numpy.ones((4, 2), numpy.float32))
    with pytest.raises(ValueError):
        F.sparse_matmul(utils.to_coo(b), utils.to_coo(b))
    with pytest.raises(ValueError):
        F.sparse_matmul(b, chainer.Variable(b).data.tolist())
