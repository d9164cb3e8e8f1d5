"""The n-step RNNs' dropout mode (Chainer v1's ``train=`` argument, v2+'s
``chainer.config.train``) and v2+'s positional ``activation`` of ``n_step_rnn``."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing

N_LAYERS, IN, OUT, BATCH, STEPS = 2, 3, 4, 2, 3


def _setup(seed):
    rng = numpy.random.RandomState(seed)
    hx = rng.uniform(-1, 1, (N_LAYERS, BATCH, OUT)).astype(numpy.float32)
    ws = [[rng.uniform(-1, 1, (OUT, IN if layer == 0 else OUT)).astype(numpy.float32),
           rng.uniform(-1, 1, (OUT, OUT)).astype(numpy.float32)]
          for layer in range(N_LAYERS)]
    bs = [[rng.uniform(-1, 1, (OUT,)).astype(numpy.float32) for _ in range(2)]
          for _ in range(N_LAYERS)]
    xs = [rng.uniform(-1, 1, (BATCH, IN)).astype(numpy.float32) for _ in range(STEPS)]
    return hx, ws, bs, xs


def _last(result):
    return numpy.concatenate([y.array for y in result[1]])


def test_v2_positional_activation_is_told_from_v1_train():
    hx, ws, bs, xs = _setup(0)
    relu_v1 = F.n_step_rnn(N_LAYERS, 0.0, hx, ws, bs, xs, True, None, 'relu')
    relu_v7 = F.n_step_rnn(N_LAYERS, 0.0, hx, ws, bs, xs, 'relu')
    tanh = F.n_step_rnn(N_LAYERS, 0.0, hx, ws, bs, xs)
    testing.assert_allclose(_last(relu_v7), _last(relu_v1))
    assert not numpy.allclose(_last(relu_v7), _last(tanh))
    assert (_last(relu_v7) >= 0).all()


@pytest.mark.parametrize('v1_first', [True, False])
def test_dropout_follows_the_argument_else_the_configuration(v1_first):
    hx, ws, bs, xs = _setup(1)
    reference = _last(F.n_step_rnn(N_LAYERS, 0.0, hx, ws, bs, xs))
    numpy.random.seed(2)

    def v1_style():
        no_drop = F.n_step_rnn(N_LAYERS, 0.9, hx, ws, bs, xs, False)
        testing.assert_allclose(_last(no_drop), reference)
        with chainer.using_config('train', False):
            drop = F.n_step_rnn(N_LAYERS, 0.9, hx, ws, bs, xs, True)
        assert not numpy.allclose(_last(drop), reference)

    def v7_style():
        with chainer.using_config('train', False):
            no_drop = F.n_step_rnn(N_LAYERS, 0.9, hx, ws, bs, xs)
        testing.assert_allclose(_last(no_drop), reference)
        drop = F.n_step_rnn(N_LAYERS, 0.9, hx, ws, bs, xs)
        assert not numpy.allclose(_last(drop), reference)

    for step in ((v1_style, v7_style) if v1_first else (v7_style, v1_style)):
        step()


def test_lstm_link_reads_the_configuration_without_train():
    numpy.random.seed(3)
    link = L.NStepLSTM(N_LAYERS, IN, OUT, 0.9)
    hx = numpy.zeros((N_LAYERS, BATCH, OUT), numpy.float32)
    # The link takes one (length, features) array per sequence.
    xs = [numpy.random.uniform(-1, 1, (STEPS, IN)).astype(numpy.float32)
          for _ in range(BATCH)]
    reference = _last(link(hx, hx, xs, train=False)[1:])
    with chainer.using_config('train', False):
        testing.assert_allclose(_last(link(hx, hx, xs)[1:]), reference)
        assert not numpy.allclose(_last(link(hx, hx, xs, True)[1:]), reference)
    assert not numpy.allclose(_last(link(hx, hx, xs)[1:]), reference)
