"""Elementwise activations keep 0-d inputs as 0-d arrays (never numpy scalars), in
the output and in the gradient."""
import numpy
import pytest

import chainer
import chainer.functions as F

ELEMENTWISE = ['clipped_relu', 'elu', 'hard_sigmoid', 'leaky_relu', 'relu', 'sigmoid',
               'softplus', 'tanh']


@pytest.mark.parametrize('name', ELEMENTWISE)
@pytest.mark.parametrize('value', [-0.5, 0.5])
def test_zero_dim_input_gives_arrays(name, value):
    x = chainer.Variable(numpy.array(value, numpy.float32))
    y = getattr(F, name)(x)
    y.backward()
    assert type(y.data) is numpy.ndarray and y.data.shape == ()
    assert type(x.grad) is numpy.ndarray and x.grad.dtype == numpy.float32
