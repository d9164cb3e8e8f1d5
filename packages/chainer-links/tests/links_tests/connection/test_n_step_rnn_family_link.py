"""The N-step links added in v1.24 (NStepRNNTanh, NStepRNNReLU, NStepBiRNNTanh,
NStepBiRNNReLU, NStepGRU, NStepBiGRU, NStepBiLSTM): v1's parameter layout, sorting of
sequences given in any order, gradients, serialization."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks
from chainer import serializers

# link -> (its function, weights per unit, bidirectional, with a cell state, kwargs)
LINKS = {
    'NStepRNNTanh': (F.n_step_rnn, 2, False, False, {'activation': 'tanh'}),
    'NStepRNNReLU': (F.n_step_rnn, 2, False, False, {'activation': 'relu'}),
    'NStepBiRNNTanh': (F.n_step_birnn, 2, True, False, {'activation': 'tanh'}),
    'NStepBiRNNReLU': (F.n_step_birnn, 2, True, False, {'activation': 'relu'}),
    'NStepGRU': (F.n_step_gru, 6, False, False, {}),
    'NStepBiGRU': (F.n_step_bigru, 6, True, False, {}),
    'NStepBiLSTM': (F.n_step_bilstm, 8, True, True, {}),
}
NAMES = sorted(LINKS)
N_LAYERS, IN, OUT = 2, 3, 2


def _make(name, dropout=0.0):
    return {
        'NStepRNNTanh': lambda: L.NStepRNNTanh(N_LAYERS, IN, OUT, dropout),
        'NStepRNNReLU': lambda: L.NStepRNNReLU(N_LAYERS, IN, OUT, dropout),
        'NStepBiRNNTanh': lambda: L.NStepBiRNNTanh(N_LAYERS, IN, OUT, dropout),
        'NStepBiRNNReLU': lambda: L.NStepBiRNNReLU(N_LAYERS, IN, OUT, dropout),
        'NStepGRU': lambda: L.NStepGRU(N_LAYERS, IN, OUT, dropout),
        'NStepBiGRU': lambda: L.NStepBiGRU(N_LAYERS, IN, OUT, dropout),
        'NStepBiLSTM': lambda: L.NStepBiLSTM(N_LAYERS, IN, OUT, dropout),
    }[name]()


def _states(name, batch):
    D = 2 if LINKS[name][2] else 1
    n = 2 if LINKS[name][3] else 1
    return [numpy.random.uniform(-1, 1, (N_LAYERS * D, batch, OUT)).astype(numpy.float32)
            for _ in range(n)]


def _seqs(lengths):
    return [numpy.random.uniform(-1, 1, (n, IN)).astype(numpy.float32) for n in lengths]


@pytest.mark.parametrize('name', NAMES)
def test_parameter_layout_is_v1s(name):
    _, n_w, bi, _, _ = LINKS[name]
    link = _make(name)
    D = 2 if bi else 1
    assert len(link) == N_LAYERS * D
    expected = {}
    for unit in range(N_LAYERS * D):
        w_in = IN if unit < D else OUT * D
        for j in range(n_w):
            expected['/{}/w{}'.format(unit, j)] = (OUT, w_in if j < n_w // 2 else OUT)
            expected['/{}/b{}'.format(unit, j)] = (OUT,)
    assert {path: p.shape for path, p in link.namedparams()} == expected
    for path, p in link.namedparams():
        if '/b' in path:
            assert not p.data.any()  # biases start at zero as in v1


@pytest.mark.parametrize('name', NAMES)
def test_forward_sorts_sequences_and_restores_their_order(name):
    # Each sequence of the (unsorted) batch must come out as if run alone through
    # the function with its own initial states.
    func, _, _, _, kwargs = LINKS[name]
    link = _make(name)
    for p in link.params():
        p.data[...] = numpy.random.uniform(-1, 1, p.shape)
    lengths = [2, 4, 1]
    xs = _seqs(lengths)
    states = _states(name, len(xs))
    outputs = link(*[chainer.Variable(s) for s in states],
                   xs=[chainer.Variable(x) for x in xs], train=False)
    assert len(outputs) == len(states) + 1
    ws = [[getattr(u, 'w%d' % j) for j in range(LINKS[name][1])] for u in link]
    bs = [[getattr(u, 'b%d' % j) for j in range(LINKS[name][1])] for u in link]
    for i, x in enumerate(xs):
        alone = func(N_LAYERS, 0.0, *[s[:, i:i + 1] for s in states], ws=ws, bs=bs,
                     xs=[x[t:t + 1] for t in range(len(x))], train=False, **kwargs)
        for final, ref in zip(outputs[:-1], alone[:-1]):
            link_checks.assert_allclose(final.data[:, i:i + 1], ref.data, atol=1e-5)
        y = outputs[-1][i]
        assert y.shape == (len(x), OUT * (2 if LINKS[name][2] else 1))
        link_checks.assert_allclose(y.data, numpy.concatenate([r.data for r in alone[-1]]),
                                    atol=1e-5)


@pytest.mark.parametrize('name', NAMES)
def test_none_initial_states_are_zeros(name):
    link = _make(name)
    xs = [chainer.Variable(x) for x in _seqs([3, 1])]
    n_states = len(_states(name, 2))
    with_none = link(*([None] * n_states), xs=xs, train=False)
    zeros = [chainer.Variable(numpy.zeros_like(s)) for s in _states(name, 2)]
    with_zeros = link(*zeros, xs=xs, train=False)
    numpy.testing.assert_allclose(with_none[0].data, with_zeros[0].data)


@pytest.mark.parametrize('name', NAMES)
def test_backward_reaches_every_param(name):
    link = _make(name)
    states = [s.astype(numpy.float64) for s in _states(name, 2)]
    xs = [x.astype(numpy.float64) for x in _seqs([1, 2])]
    n_s = len(states)

    def call(*args):
        outputs = link(*args[:n_s], xs=list(args[n_s:]), train=False)
        return tuple(outputs[:-1]) + tuple(outputs[-1])
    shapes = [y.shape for y in call(*[chainer.Variable(a.astype(numpy.float32))
                                      for a in states + xs])]
    gy = tuple(numpy.random.randn(*shape) for shape in shapes)
    link_checks.check_backward(link, tuple(states + xs), gy, call=call, atol=1e-3,
                               rtol=1e-3)


@pytest.mark.parametrize('name', NAMES)
def test_v1_layout_weights_load(name, tmp_path):
    # A file written with v1's parameter names ('0/w0', ..., per layer and direction)
    # loads into the link and gives its values.
    link = _make(name)
    arrays = {path.lstrip('/'): numpy.random.randn(*p.shape).astype(numpy.float32)
              for path, p in link.namedparams()}
    numpy.savez(str(tmp_path / 'v1.npz'), **arrays)
    serializers.load_npz(str(tmp_path / 'v1.npz'), link)
    for path, p in link.namedparams():
        numpy.testing.assert_array_equal(p.data, arrays[path.lstrip('/')])


@pytest.mark.parametrize('name', NAMES)
def test_serialization_and_copies(name, tmp_path):
    xs = [chainer.Variable(x) for x in _seqs([2, 3])]
    n_states = len(_states(name, 2))

    def call(link):
        outputs = link(*([None] * n_states), xs=xs, train=False)
        return tuple(outputs[:-1]) + tuple(outputs[-1])
    link_checks.check_serialization(lambda: _make(name, 0.5), call, tmp_path)
    link_checks.check_copies(lambda: _make(name, 0.5), call)


@pytest.mark.parametrize('name', NAMES)
def test_sequences_not_in_a_list_raise_assertion_error_as_in_v1(name):
    link = _make(name)
    n_states = len(_states(name, 1))
    with pytest.raises(AssertionError, match='xs'):
        link(*([None] * n_states), xs=chainer.Variable(_seqs([2])[0][None]))
    # one 2-d sequence alone is read as [xs] (F.split_axis of a batch of one)
    seq = chainer.Variable(_seqs([2])[0])
    alone = link(*([None] * n_states), xs=seq)
    listed = link(*([None] * n_states), xs=[seq])
    numpy.testing.assert_array_equal(alone[-1][0].array, listed[-1][0].array)


def test_bad_constructor_arguments():
    with pytest.raises(ValueError, match='n_layers'):
        L.NStepGRU(0, 2, 3, 0.0)
    with pytest.raises(ValueError, match='dropout'):
        L.NStepBiRNNTanh(1, 2, 3, 1.5)
    with pytest.raises(ValueError, match='activation'):
        chainer.links.connection.n_step_rnn.NStepRNNBase(1, 2, 3, 0.0, True, False,
                                                         'sigmoid')
