"""Variable.reshape and Variable.transpose (v1.24): F.reshape / F.transpose as methods,
taking the argument forms of numpy's methods."""
import numpy
import pytest

import chainer


@pytest.mark.parametrize('args', [((3, 2),), (3, 2), ([3, 2],), ((-1, 2),)])
def test_reshape_method_takes_numpy_argument_forms(args):
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    y = x.reshape(*args)
    assert y.shape == (3, 2) and y.creator.label == 'Reshape'
    y.grad = numpy.ones((3, 2), numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, numpy.ones((2, 3)))


@pytest.mark.parametrize('args,axes', [
    ((), (2, 1, 0)), ((None,), (2, 1, 0)), ((1, 0, 2), (1, 0, 2)), (((2, 0, 1),), (2, 0, 1)),
    (([0, 2, 1],), (0, 2, 1)),
])
def test_transpose_method_takes_numpy_argument_forms(args, axes):
    data = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
    x = chainer.Variable(data)
    y = x.transpose(*args)
    numpy.testing.assert_array_equal(y.data, data.transpose(axes))
    gy = numpy.random.uniform(-1, 1, y.shape).astype(numpy.float32)
    y.grad = gy
    y.backward()
    numpy.testing.assert_array_equal(x.grad, gy.transpose(numpy.argsort(axes)))


def test_reshape_method_rejects_a_size_mismatch():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        chainer.Variable(numpy.zeros(6, numpy.float32)).reshape(4, 2)
