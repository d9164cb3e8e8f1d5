"""A new parameter's gradient of NaNs (v1) is allocated on first use: building or loading
a model holds no gradient memory, and every v1 reading of ``param.grad`` is unchanged."""
import copy
import pickle
import tracemalloc

import numpy
import pytest

import chainer
from chainer.core_functions import basic_math  # noqa: F401  (Variable operators)

SHAPE = (500, 400)  # 800 kB of float32
NBYTES = 500 * 400 * 4


def _link():
    return chainer.Link(W=SHAPE)


def test_creating_parameters_allocates_no_gradient():
    tracemalloc.start()
    try:
        link = _link()
        _, peak = tracemalloc.get_traced_memory()
        assert peak < 1.5 * NBYTES  # the data only (was data + a NaN gradient)
        grad = link.W.grad  # first use: the NaNs appear
        assert tracemalloc.get_traced_memory()[0] >= 2 * NBYTES
    finally:
        tracemalloc.stop()
    assert grad.shape == SHAPE and grad.dtype == numpy.float32
    assert numpy.isnan(grad).all()
    assert link.W.grad is grad  # allocated once


def test_zerograds_and_cleargrads_replace_the_deferred_nans():
    link = _link()
    link.zerograds()
    assert not link.W.grad.any() and link.W.grad.shape == SHAPE
    link = _link()
    link.cleargrads()
    assert link.W.grad is None
    link = _link()
    link.W.zerograd()
    assert not link.W.grad.any()


def test_backward_into_a_fresh_parameter_gives_nan_as_in_v1():
    link = chainer.Link(W=(3,))
    link.W.data[...] = 1
    loss = link.W * 2.0
    loss.grad = numpy.ones(3, 'f')
    loss.backward()
    assert numpy.isnan(link.W.grad).all()
    link.zerograds()
    loss = link.W * 2.0
    loss.grad = numpy.ones(3, 'f')
    loss.backward()
    numpy.testing.assert_array_equal(link.W.grad, [2, 2, 2])


def test_addgrad_with_deferred_gradients_on_either_side():
    dst, src = chainer.Link(W=(3,)), chainer.Link(W=(3,))
    src.W.grad = numpy.ones(3, 'f')
    dst.addgrads(src)
    assert numpy.isnan(dst.W.grad).all()  # NaN + 1
    dst, src = chainer.Link(W=(3,)), chainer.Link(W=(3,))
    dst.zerograds()
    dst.addgrads(src)
    assert numpy.isnan(dst.W.grad).all()  # 0 + NaN


def test_to_cpu_copy_pickle_and_summary_see_nans():
    link = chainer.Link(W=(2, 2))
    link.to_cpu()
    for var in (copy.copy(link.W), copy.deepcopy(link.W),
                pickle.loads(pickle.dumps(link.W))):
        assert numpy.isnan(var.grad).all()
    assert '- grad: mean=nan, std=nan' in link.W.debug_print()


@pytest.mark.parametrize('zeroed', [False, True])
def test_a_parameter_initialized_later_keeps_v1s_first_gradient(zeroed):
    link = chainer.Link()
    link.add_uninitialized_param('W')
    if zeroed:
        link.zerograds()
    link.add_param('W', (2,))
    if zeroed:
        numpy.testing.assert_array_equal(link.W.grad, [0, 0])
    else:
        assert numpy.isnan(link.W.grad).all()
