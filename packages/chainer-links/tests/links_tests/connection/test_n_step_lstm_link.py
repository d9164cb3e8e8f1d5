"""NStepLSTM: stacked LSTM over variable-length sequences in any order."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _seqs(lengths, size, dtype=numpy.float32):
    return [numpy.random.uniform(-1, 1, (n, size)).astype(dtype) for n in lengths]


def _reference(link, hx, cx, seq, b):
    """Runs sequence ``seq`` (batch row ``b``) through the layers step by step."""
    h = [hx[layer, b] for layer in range(link.n_layers)]
    c = [cx[layer, b] for layer in range(link.n_layers)]
    ys = []
    for x in seq:
        for layer, params in enumerate(link):
            w = [getattr(params, 'w%d' % j).data for j in range(8)]
            bb = [getattr(params, 'b%d' % j).data for j in range(8)]
            pre = [w[j].dot(x) + w[j + 4].dot(h[layer]) + bb[j] + bb[j + 4]
                   for j in range(4)]
            # gates i, f, a, o for w0..w3 (v1's order, see F.n_step_lstm)
            i, f, o = (1 / (1 + numpy.exp(-pre[j])) for j in (0, 1, 3))
            c[layer] = f * c[layer] + i * numpy.tanh(pre[2])
            h[layer] = o * numpy.tanh(c[layer])
            x = h[layer]
        ys.append(x)
    return numpy.array(h), numpy.array(c), numpy.array(ys)


def test_forward_equals_stepwise_reference_in_given_order():
    link = L.NStepLSTM(2, 3, 4, dropout=0.0)
    assert link[0].w0.shape == (4, 3) and link[0].w4.shape == (4, 4)
    assert link[1].w0.shape == (4, 4)
    xs = _seqs([2, 4, 3], 3)
    hx = numpy.random.randn(2, 3, 4).astype(numpy.float32)
    cx = numpy.random.randn(2, 3, 4).astype(numpy.float32)
    hy, cy, ys = link(chainer.Variable(hx), chainer.Variable(cx),
                      [chainer.Variable(x) for x in xs], train=False)
    for b, seq in enumerate(xs):
        h, c, y = _reference(link, hx, cx, seq, b)
        numpy.testing.assert_allclose(ys[b].data, y, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(hy.data[:, b], h, rtol=1e-4, atol=1e-5)
        numpy.testing.assert_allclose(cy.data[:, b], c, rtol=1e-4, atol=1e-5)


def test_none_initial_states_are_zeros():
    link = L.NStepLSTM(1, 2, 3, dropout=0.0)
    xs = [chainer.Variable(x) for x in _seqs([3, 1], 2)]
    hy, cy, ys = link(None, None, xs, train=False)
    zeros = numpy.zeros((1, 2, 3), numpy.float32)
    hy0, _, ys0 = link(chainer.Variable(zeros), chainer.Variable(zeros), xs,
                       train=False)
    numpy.testing.assert_allclose(hy.data, hy0.data)
    assert [y.shape for y in ys] == [(3, 3), (1, 3)]


def test_backward_reaches_every_param():
    link = L.NStepLSTM(2, 2, 2, dropout=0.0)
    data = tuple(numpy.random.randn(*s) for s in [(2, 2, 2), (2, 2, 2), (2, 2),
                                                  (3, 2)])

    def call(hx, cx, x0, x1):
        hy, cy, ys = link(hx, cx, [x0, x1], train=False)
        return (hy, cy) + tuple(ys)
    gy = tuple(numpy.random.randn(*s) for s in [(2, 2, 2), (2, 2, 2), (2, 2), (3, 2)])
    link_checks.check_backward(link, data, gy, call=call, atol=1e-3, rtol=1e-3)


def test_serialization_and_copies(tmp_path):
    xs = [chainer.Variable(x) for x in _seqs([2, 3], 2)]

    def make():
        return L.NStepLSTM(2, 2, 3, dropout=0.5)

    def call(link):
        hy, cy, ys = link(None, None, xs, train=False)
        return (hy, cy) + tuple(ys)
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)
    assert len(list(make().params())) == 2 * 16


@pytest.mark.parametrize('args,match', [
    ((0, 2, 3, 0.0), 'n_layers'), ((1, 0, 3, 0.0), 'in_size'),
    ((1, 2, 3, 1.5), 'dropout')])
def test_bad_constructor_arguments(args, match):
    with pytest.raises(ValueError, match=match):
        L.NStepLSTM(*args)


def test_bad_inputs():
    link = L.NStepLSTM(1, 2, 3, dropout=0.0)
    with pytest.raises(TypeError, match='xs'):
        link(None, None, chainer.Variable(_seqs([2], 2)[0][None]))
    with pytest.raises(chainer.utils.type_check.InvalidType):
        link(None, None, [chainer.Variable(x) for x in _seqs([2], 3)])
    assert F.n_step_lstm is not None


def test_sequences_not_in_a_list_raise_assertion_error_as_in_v1():
    link = L.NStepLSTM(1, 2, 3, dropout=0.0)
    with pytest.raises(AssertionError, match='xs'):
        link(None, None, chainer.Variable(_seqs([2], 2)[0][None]))  # 3-d: no sequence
    with pytest.raises(AssertionError, match='xs'):
        link(None, None, [])


def test_one_sequence_alone_is_a_list_of_one():
    # what F.split_axis(x, 1, 0) gives (v1's force_tuple=False), as v2+ code passes it
    link = L.NStepLSTM(1, 2, 3, dropout=0.0)
    x = chainer.Variable(_seqs([2], 2)[0])
    hy, cy, ys = link(None, None, x)
    hy_ref, cy_ref, ys_ref = link(None, None, [x])
    numpy.testing.assert_array_equal(hy.array, hy_ref.array)
    numpy.testing.assert_array_equal(ys[0].array, ys_ref[0].array)
