"""Names of v7's ``chainer`` module that v7 code refers to: ``get_compute_mode`` and the
``Fallback`` sentinel of ``FunctionNode.forward_chainerx``."""
import numpy

import chainer


def test_get_compute_mode_follows_the_configuration():
    assert chainer.get_compute_mode() is None
    with chainer.using_config('compute_mode', 'cudnn_fast'):
        assert chainer.get_compute_mode() == 'cudnn_fast'
    assert chainer.get_compute_mode() is None


def test_fallback_is_a_named_singleton_returned_by_forward_chainerx():
    assert repr(chainer.Fallback) == 'Fallback'
    assert type(chainer.Fallback)() is not None

    class Double(chainer.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

    node = Double()
    assert node.forward_chainerx((numpy.ones(2),)) is chainer.Fallback
    y, = node.apply((numpy.ones(2, numpy.float32),))  # the plain forward runs
    numpy.testing.assert_array_equal(y.array, [2, 2])
