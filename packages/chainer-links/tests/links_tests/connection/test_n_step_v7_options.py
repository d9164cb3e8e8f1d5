"""v2+ options of the N-step links: initialW / initial_bias, n_cells, ws / bs, and the
parameters' dtype from chainer.config.dtype; v1's positional use_cudnn still works."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import initializers
from chainer import testing

ALL = [L.NStepRNNTanh, L.NStepRNNReLU, L.NStepBiRNNTanh, L.NStepBiRNNReLU,
       L.NStepGRU, L.NStepBiGRU, L.NStepLSTM, L.NStepBiLSTM]


@pytest.mark.parametrize('cls', ALL)
def test_initializers_fill_every_weight_and_bias(cls):
    link = cls(2, 3, 4, 0.0, initialW=initializers.Constant(0.5), initial_bias=-1.5)
    assert len(link.ws) == len(link) and len(link.bs) == len(link)
    for unit_ws, unit_bs in zip(link.ws, link.bs):
        assert len(unit_ws) == link.n_weights == len(unit_bs)
        for w in unit_ws:
            numpy.testing.assert_array_equal(w.array, numpy.full(w.shape, 0.5, 'f'))
        for b in unit_bs:
            numpy.testing.assert_array_equal(b.array, numpy.full(b.shape, -1.5, 'f'))


@pytest.mark.parametrize('cls', ALL)
def test_seeded_initializer_is_drawn_in_unit_order(cls):
    def make():
        return initializers.Uniform(rng=numpy.random.RandomState(3))
    link = cls(1, 4, 4, 0.0, initialW=make())
    expected = make()
    for unit_ws in link.ws:
        for w in unit_ws:
            ref = numpy.empty(w.shape, 'f')
            expected(ref)
            testing.assert_allclose(w.array, ref, atol=0, rtol=0)


@pytest.mark.parametrize('cls,cells', [(L.NStepRNNTanh, 1), (L.NStepBiGRU, 1),
                                       (L.NStepLSTM, 2), (L.NStepBiLSTM, 2)])
def test_n_cells(cls, cells):
    assert cls(1, 2, 2, 0.0).n_cells == cells


def test_default_initialization_keeps_v1_scale_and_zero_bias():
    numpy.random.seed(0)
    link = L.NStepLSTM(1, 400, 300, 0.0)
    w_in, w_hidden = link.ws[0][0].array, link.ws[0][4].array
    assert abs(w_in.std() - (1 / 400) ** 0.5) < 0.003
    assert abs(w_hidden.std() - (1 / 300) ** 0.5) < 0.003
    assert not any(b.array.any() for b in link.bs[0])


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64])
def test_dtype_follows_the_configuration(dtype):
    with chainer.using_config('dtype', dtype):
        link = L.NStepGRU(1, 2, 3, 0.0)
    assert {p.dtype for p in link.params()} == {numpy.dtype(dtype)}


def test_v1_positional_use_cudnn_and_outputs():
    link = L.NStepLSTM(1, 2, 3, 0.0, False, initial_bias=0.25)
    xs = [numpy.ones((2, 2), 'f'), numpy.ones((1, 2), 'f')]
    hy, cy, ys = link(None, None, xs)
    assert hy.shape == (1, 2, 3) and [y.shape for y in ys] == [(2, 3), (1, 3)]
    # the first step of both sequences sees the same input from zero states
    testing.assert_allclose(ys[0].array[0], ys[1].array[0])


@pytest.mark.parametrize('cls,activation', [(L.NStepRNNReLU, 'relu'),
                                            (L.NStepBiRNNTanh, 'tanh')])
def test_rnn_method_uses_the_link_activation(cls, activation):
    link = cls(1, 2, 2, 0.0)
    d = 2 if 'Bi' in cls.__name__ else 1
    hx = numpy.zeros((d, 1, 2), 'f')
    xs = [numpy.full((1, 2), -3, 'f')]
    hy, ys = link.rnn(1, 0.0, hx, link.ws, link.bs, xs)
    fn = F.n_step_birnn if d == 2 else F.n_step_rnn
    ref_hy, _ = fn(1, 0.0, hx, link.ws, link.bs, xs, activation=activation)
    testing.assert_allclose(hy.array, ref_hy.array)
