import numpy

import chainer
import chainer.functions as F


def test_zero_dimensional_operands_get_array_gradients():
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    t = chainer.Variable(numpy.array(0.5, numpy.float32))
    y = F.mean_squared_error(F.sum(x), t)
    y.backward()
    numpy.testing.assert_allclose(x.grad, [5.0, 5.0, 5.0])
    assert isinstance(t.grad, numpy.ndarray) and t.grad.shape == ()
    numpy.testing.assert_allclose(t.grad, -5.0)
