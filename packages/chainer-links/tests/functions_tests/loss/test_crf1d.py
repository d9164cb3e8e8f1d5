"""crf1d and argmax_crf1d against brute-force enumeration of every label path."""
import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check

K = 3
LENGTHS = [3, 3, 2, 1]  # sequence lengths, sorted descending (batch of 4)


def _batch(dtype, seed=0):
    rng = numpy.random.RandomState(seed)
    cost = rng.uniform(-1, 1, (K, K)).astype(dtype)
    n = max(LENGTHS)
    sizes = [sum(1 for length in LENGTHS if length > i) for i in range(n)]
    xs = [rng.uniform(-1, 1, (b, K)).astype(dtype) for b in sizes]
    ys = [rng.randint(0, K, b).astype(numpy.int32) for b in sizes]
    return cost, xs, ys


def _sequence(xs, b):
    return [x[b].astype(numpy.float64) for x in xs if x.shape[0] > b]


def _score(cost, seq, labels):
    s = sum(seq[i][labels[i]] for i in range(len(seq)))
    return s + sum(cost[labels[i], labels[i + 1]] for i in range(len(seq) - 1))


def _brute_force(cost, xs, b):
    seq = _sequence(xs, b)
    cost = cost.astype(numpy.float64)
    paths = list(itertools.product(range(K), repeat=len(seq)))
    scores = numpy.array([_score(cost, seq, p) for p in paths])
    return paths, scores


def test_forward_matches_enumeration(dtype, fwd_tol):
    cost, xs, ys = _batch(dtype)
    loss = F.crf1d(cost, xs, ys)
    assert loss.data.shape == () and loss.data.dtype == dtype
    total = 0.0
    for b in range(len(LENGTHS)):
        _, scores = _brute_force(cost, xs, b)
        m = scores.max()
        log_z = m + numpy.log(numpy.exp(scores - m).sum())
        labels = [y[b] for y in ys if y.shape[0] > b]
        total += log_z - _score(cost.astype(numpy.float64), _sequence(xs, b), labels)
    tol = dict(fwd_tol, atol=max(fwd_tol['atol'], 1e-2 if dtype == numpy.float16 else 0))
    testing.assert_allclose(loss.data, numpy.float64(total / len(LENGTHS)), **tol)


def test_stable_for_large_costs():
    cost, xs, ys = _batch(numpy.float32)
    xs = [x * 1000 for x in xs]
    loss = F.crf1d(cost, xs, ys)
    assert numpy.isfinite(loss.data)


def test_backward(dtype, grad_tol):
    cost, xs, ys = _batch(dtype, seed=1)

    def f(cost, *xs):
        return F.crf1d(cost, xs, ys)
    gradient_check.check_backward(f, (cost,) + tuple(xs), numpy.array(1.0, dtype),
                                  **grad_tol)


def test_argmax_matches_enumeration(dtype):
    cost, xs, _ = _batch(dtype, seed=2)
    s, ps = F.argmax_crf1d(cost, xs)
    assert isinstance(s, chainer.Variable) and s.data.shape == (len(LENGTHS),)
    assert [p.shape for p in ps] == [x.shape[:1] for x in xs]
    for b in range(len(LENGTHS)):
        paths, scores = _brute_force(cost, xs, b)
        best = paths[int(scores.argmax())]
        assert tuple(int(p[b]) for p in ps if p.shape[0] > b) == best
        tol = 1e-2 if dtype == numpy.float16 else 1e-5
        testing.assert_allclose(s.data[b], numpy.asarray(scores.max(), dtype),
                                atol=tol, rtol=tol)


def test_argmax_score_backward(dtype, grad_tol):
    cost, xs, _ = _batch(dtype, seed=3)
    gs = numpy.random.RandomState(4).uniform(-1, 1, len(LENGTHS)).astype(dtype)

    def f(cost, *xs):
        return F.argmax_crf1d(cost, xs)[0]
    gradient_check.check_backward(f, (cost,) + tuple(xs), gs, **grad_tol)


def test_bad_types():
    cost, xs, ys = _batch(numpy.float32)
    with pytest.raises(type_check.InvalidType):  # batch sizes rise
        F.crf1d(cost, xs[::-1], ys[::-1])
    with pytest.raises(type_check.InvalidType):  # label count mismatch
        F.crf1d(cost, xs, [y[:1] for y in ys])
    with pytest.raises(type_check.InvalidType):  # non-square cost
        F.argmax_crf1d(cost[:2], xs)
    with pytest.raises(type_check.InvalidType):  # float labels
        F.crf1d(cost, xs, [y.astype(numpy.float32) for y in ys])


def test_bad_labels_and_lengths():
    cost, xs, ys = _batch(numpy.float32)
    ys[1] = ys[1].copy()
    ys[1][0] = K
    with pytest.raises(ValueError, match=r'ys: every label'):
        F.crf1d(cost, xs, ys)
    with pytest.raises(ValueError, match='one entry per step'):
        F.crf1d(cost, xs, ys[:-1])


def test_reduce_no_gives_the_loss_of_every_sequence_as_in_v1_24(grad_tol):
    cost, xs, ys = _batch(numpy.float64, seed=2)
    loss = F.crf1d(cost, xs, ys, reduce='no')
    expected = []
    for b in range(len(LENGTHS)):
        _, scores = _brute_force(cost, xs, b)
        labels = [y[b] for y in ys if y.shape[0] > b]
        log_z = numpy.log(numpy.exp(scores).sum())
        expected.append(log_z - _score(cost, _sequence(xs, b), labels))
    testing.assert_allclose(loss.data, expected)
    testing.assert_allclose(F.crf1d(cost, xs, ys).data, numpy.mean(expected))

    def f(cost, *xs):
        return F.crf1d(cost, xs, ys, reduce='no')
    gy = numpy.random.RandomState(3).randn(len(LENGTHS))
    gradient_check.check_backward(f, (cost,) + tuple(xs), gy, atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.crf1d(cost, xs, ys, reduce='sum')


def test_single_step_sequences_give_the_cost_no_gradient_as_in_v1():
    # No transition is used: the cost gets no gradient (None, as in v1; v7 gave
    # zeros, and its check_backward took None as zero).
    cost = chainer.Variable(numpy.zeros((K, K), numpy.float32))
    x = chainer.Variable(numpy.random.uniform(-1, 1, (2, K)).astype(numpy.float32))
    F.crf1d(cost, [x], [numpy.array([0, 2], numpy.int32)]).backward()
    assert cost.grad is None and x.grad is not None
