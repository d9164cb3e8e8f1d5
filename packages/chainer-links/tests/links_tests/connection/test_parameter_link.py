"""The deprecated Parameter link."""
import numpy
import pytest

import chainer
import chainer.links as L


def test_parameter_holds_array_and_passes_gradients():
    array = numpy.arange(6, dtype=numpy.float64).reshape(2, 3)
    with pytest.warns(DeprecationWarning):
        link = L.Parameter(array)
    assert link.W.data is array and link.W.dtype == numpy.float64
    y = link()
    numpy.testing.assert_array_equal(y.data, array)
    assert y is not link.W and not y.volatile
    y.grad = numpy.ones_like(array)
    link.cleargrads()
    y.backward()
    numpy.testing.assert_array_equal(link.W.grad, 1)


def test_parameter_volatile_output():
    with pytest.warns(DeprecationWarning):
        link = L.Parameter(numpy.zeros(2, dtype=numpy.float32))
    y = link(volatile='on')
    assert y.volatile is chainer.flag.ON and y.creator is None
