"""CTC loss against brute-force enumeration of every frame-level path."""
import itertools

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check

BLANK = 0
V = 3
T = 4


def _collapse(path):
    merged = [s for i, s in enumerate(path) if i == 0 or s != path[i - 1]]
    return tuple(s for s in merged if s != BLANK)


def _brute_force_log_p(scores, labels):
    """log p(labels | scores) by summing over all V**T paths; scores (T, V)."""
    scores = scores.astype(numpy.float64)
    y = numpy.exp(scores - scores.max(axis=1, keepdims=True))
    y /= y.sum(axis=1, keepdims=True)
    total = 0.0
    for path in itertools.product(range(V), repeat=len(scores)):
        if _collapse(path) == tuple(labels):
            total += numpy.prod([y[i, s] for i, s in enumerate(path)])
    return numpy.log(total)


def _data(dtype, seed=0):
    rng = numpy.random.RandomState(seed)
    xs = [rng.uniform(-1, 1, (3, V)).astype(dtype) for _ in range(T)]
    t = numpy.array([[1, 2], [1, 1], [2, 0]], numpy.int32)
    return xs, t


@pytest.mark.parametrize('lengths', [False, True])
def test_forward_matches_enumeration(dtype, fwd_tol, lengths):
    xs, t = _data(dtype)
    if lengths:
        input_length = numpy.array([4, 3, 2], numpy.int32)
        label_length = numpy.array([2, 2, 1], numpy.int32)
    else:
        input_length = numpy.full(3, T, numpy.int32)
        label_length = numpy.full(3, 2, numpy.int32)
        t[2, 1] = 1
    loss = F.connectionist_temporal_classification(
        xs, t, BLANK, chainer.Variable(input_length) if lengths else None,
        label_length if lengths else None)
    assert loss.data.shape == () and loss.data.dtype == dtype
    expected = 0.0
    for b in range(3):
        scores = numpy.stack([x[b] for x in xs[:input_length[b]]])
        expected -= _brute_force_log_p(scores, t[b, :label_length[b]])
    tol = dict(fwd_tol, atol=max(fwd_tol['atol'], 1e-2 if dtype == numpy.float16 else 0))
    testing.assert_allclose(loss.data, numpy.float64(expected / 3), **tol)


def test_nonzero_blank_symbol_and_empty_label():
    rng = numpy.random.RandomState(3)
    xs = [rng.uniform(-1, 1, (2, V)).astype(numpy.float64) for _ in range(3)]
    # blank is 2 here: relabel the reference so that blank becomes 0
    t = numpy.array([[0, 1], [1, 1]], numpy.int32)
    label_length = numpy.array([2, 0], numpy.int32)
    loss = F.connectionist_temporal_classification(xs, t, 2, label_length=label_length)
    perm = [2, 0, 1]  # new class k is old class perm[k]; old blank 2 -> new 0
    expected = 0.0
    for b in range(2):
        scores = numpy.stack([x[b][perm] for x in xs])
        labels = [perm.index(c) for c in t[b, :label_length[b]]]
        expected -= _brute_force_log_p(scores, labels)
    testing.assert_allclose(loss.data, numpy.float64(expected / 2))


def test_impossible_alignment_gives_inf_and_no_gradient():
    xs = [chainer.Variable(numpy.zeros((1, V), numpy.float32)) for _ in range(2)]
    t = numpy.array([[1, 1]], numpy.int32)  # needs 3 frames (1, blank, 1)
    loss = F.connectionist_temporal_classification(xs, t, BLANK)
    assert numpy.isinf(loss.data)
    loss.backward()
    assert not xs[0].grad.any()


def test_stable_for_large_scores():
    xs, t = _data(numpy.float32)
    loss = F.connectionist_temporal_classification([x * 500 for x in xs], t, BLANK)
    assert numpy.isfinite(loss.data)


@pytest.mark.parametrize('lengths', [False, True])
def test_backward(dtype, grad_tol, lengths):
    xs, t = _data(dtype, seed=1)
    input_length = numpy.array([4, 3, 2], numpy.int32) if lengths else None
    label_length = numpy.array([2, 1, 1], numpy.int32) if lengths else None

    def f(*xs):
        return F.connectionist_temporal_classification(
            list(xs), t, BLANK, input_length, label_length)
    gradient_check.check_backward(f, tuple(xs), numpy.array(0.8, dtype), **grad_tol)


def test_bad_types():
    xs, t = _data(numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.connectionist_temporal_classification(xs, t.astype(numpy.float32), BLANK)
    with pytest.raises(type_check.InvalidType):
        F.connectionist_temporal_classification(xs, t[:2], BLANK)
    with pytest.raises(type_check.InvalidType):
        F.connectionist_temporal_classification(xs[:-1] + [xs[-1][:, :2]], t, BLANK)
    with pytest.raises(type_check.InvalidType):
        F.connectionist_temporal_classification(
            xs, t, BLANK, input_length=numpy.full(3, 2.0, numpy.float32))


def test_bad_values():
    xs, t = _data(numpy.float32)
    with pytest.raises(ValueError, match='blank_symbol'):
        F.connectionist_temporal_classification(xs, t, -1)
    with pytest.raises(ValueError, match='blank_symbol'):
        F.connectionist_temporal_classification(xs, t, V)
    with pytest.raises(ValueError, match='input_length'):
        F.connectionist_temporal_classification(
            xs, t, BLANK, input_length=numpy.array([4, 5, 1], numpy.int32))
    with pytest.raises(ValueError, match='label_length'):
        F.connectionist_temporal_classification(
            xs, t, BLANK, label_length=numpy.array([3, 1, 1], numpy.int32))
    bad = t.copy()
    bad[0, 0] = V
    with pytest.raises(ValueError, match='t: every label'):
        F.connectionist_temporal_classification(xs, bad, BLANK)
    bad[0, 0] = 1
    bad[1, 1] = 7  # past label_length: ignored
    F.connectionist_temporal_classification(
        xs, bad, BLANK, label_length=numpy.array([2, 1, 2], numpy.int32))


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_random_lengths_match_enumeration(data):
    n_time = data.draw(st.integers(1, 4), label='T')
    n_batch = data.draw(st.integers(1, 3), label='B')
    n_label = data.draw(st.integers(0, 2), label='L')
    in_len = numpy.array(data.draw(st.lists(st.integers(1, n_time), min_size=n_batch,
                                            max_size=n_batch)), numpy.int32)
    lab_len = numpy.array(data.draw(st.lists(st.integers(0, n_label), min_size=n_batch,
                                             max_size=n_batch)), numpy.int32)
    seed = data.draw(st.integers(0, 2 ** 16), label='seed')
    rng = numpy.random.RandomState(seed)
    xs = [rng.uniform(-2, 2, (n_batch, V)) for _ in range(n_time)]
    t = rng.randint(1, V, (n_batch, n_label)).astype(numpy.int32)
    loss = F.connectionist_temporal_classification(xs, t, BLANK, in_len, lab_len)
    log_ps = []
    for b in range(n_batch):
        scores = numpy.stack([x[b] for x in xs[:in_len[b]]])
        with numpy.errstate(divide='ignore'):
            log_ps.append(_brute_force_log_p(scores, t[b, :lab_len[b]]))
    expected = -numpy.sum(log_ps) / n_batch
    if numpy.isinf(expected):
        assert numpy.isinf(loss.data)
    else:
        testing.assert_allclose(loss.data, numpy.float64(expected))


def test_node_takes_v1_input_order_and_reduce_no_gives_each_sample_loss_as_in_v1_24():
    xs, t = _data(numpy.float64, seed=5)
    input_length = numpy.array([4, 3, 2], numpy.int32)
    label_length = numpy.array([2, 2, 1], numpy.int32)
    # v1's node: ConnectionistTemporalClassification(blank, reduce) applied to
    # (input_length, label_length, t, *x)
    node = F.ConnectionistTemporalClassification(BLANK, 'no')
    loss = node(input_length, label_length, t, *xs)
    expected = [-_brute_force_log_p(numpy.stack([x[b] for x in xs[:input_length[b]]]),
                                    t[b, :label_length[b]]) for b in range(3)]
    testing.assert_allclose(loss.data, expected)
    mean = F.connectionist_temporal_classification(xs, t, BLANK, input_length,
                                                   label_length)
    testing.assert_allclose(mean.data, numpy.mean(expected))
    gradient_check.check_backward(
        lambda *xs: F.connectionist_temporal_classification(
            list(xs), t, BLANK, input_length, label_length, reduce='no'),
        tuple(xs), numpy.random.RandomState(6).randn(3), atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.ConnectionistTemporalClassification(BLANK, 'sum')
