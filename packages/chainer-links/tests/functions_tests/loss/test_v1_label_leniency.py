"""Labels Chainer v1.24 accepted outside [0, n_class): a warning and v1's result;
labels v1 could not read either still raise ValueError."""
import itertools
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.loss._labels import LabelRangeWarning


def _warns():
    return pytest.warns(LabelRangeWarning, match='as in Chainer v1 they')


def _crf_reference(cost, xs, ys):
    """-log p(path) by enumeration; labels read as numpy reads them (v1's indexing:
    x[i, y] and the raveled cost[y_prev * K + y])."""
    k = cost.shape[0]
    out = []
    for b in range(xs[0].shape[0]):
        steps = [i for i in range(len(xs)) if xs[i].shape[0] > b]
        logz = numpy.logaddexp.reduce([
            sum(xs[i][b, p[i]] for i in steps) +
            sum(cost[p[i], p[i + 1]] for i in steps[:-1])
            for p in itertools.product(range(k), repeat=len(steps))])
        score = sum(xs[i][b, ys[i][b]] for i in steps)
        score += sum(cost.ravel()[ys[i][b] * k + ys[i + 1][b]] for i in steps[:-1])
        out.append(logz - score)
    return numpy.array(out)


def test_crf1d_unknown_tag_minus_one_gives_v1_loss_and_gradient():
    rs = numpy.random.RandomState(0)
    k = 3
    cost = chainer.Variable(rs.randn(k, k))
    xs = [chainer.Variable(rs.randn(b, k)) for b in (2, 2, 1)]
    ys = [numpy.array([-1, 0], numpy.int32), numpy.array([1, -1], numpy.int32),
          numpy.array([-3], numpy.int32)]
    with _warns():
        loss = F.crf1d(cost, xs, ys, reduce='no')
    ref = _crf_reference(cost.data, [x.data for x in xs], ys)
    numpy.testing.assert_allclose(loss.data, ref, rtol=1e-10)
    # the gradient of the wrapped path is the one of the equivalent valid path except
    # for the transitions, which v1 read from the raveled costs
    F.sum(loss).backward()
    eps = 1e-6
    g = numpy.zeros_like(cost.data)
    for idx in numpy.ndindex(*cost.shape):
        c = cost.data.copy()
        c[idx] += eps
        hi = _crf_reference(c, [x.data for x in xs], ys).sum()
        c[idx] -= 2 * eps
        lo = _crf_reference(c, [x.data for x in xs], ys).sum()
        g[idx] = (hi - lo) / (2 * eps)
    numpy.testing.assert_allclose(cost.grad, g, atol=1e-6)


def test_crf1d_link_evaluates_with_unknown_tags():
    crf = chainer.links.CRF1d(3)
    xs = [numpy.zeros((2, 3), numpy.float32)] * 2
    ys = [numpy.array([-1, 0], numpy.int32)] * 2
    with _warns():
        loss = crf(xs, ys)
    assert numpy.isfinite(loss.data)


@pytest.mark.parametrize('bad', [3, -4])
def test_crf1d_labels_v1_could_not_index_raise(bad):
    xs = [numpy.zeros((1, 3), numpy.float32)] * 2
    ys = [numpy.array([0], numpy.int32), numpy.array([bad], numpy.int32)]
    with pytest.raises(ValueError, match=r'crf1d: ys: every label must be in \[0, 3\)'):
        F.crf1d(numpy.zeros((3, 3), numpy.float32), xs, ys)


def test_the_warning_is_shown_once_per_call_site():
    xs = [numpy.zeros((1, 3), numpy.float32)]
    ys = [numpy.array([-1], numpy.int32)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        for _ in range(3):
            F.crf1d(numpy.zeros((3, 3), numpy.float32), xs, ys)
    assert len(caught) == 1
    assert caught[0].filename == __file__


def test_hinge_wraps_negative_labels():
    x = numpy.array([[0.5, -0.2, 0.3], [0.1, 0.4, -0.6]], numpy.float32)
    with _warns():
        loss = F.hinge(x, numpy.array([-1, 1], numpy.int32), reduce='no')
    expected = F.hinge(x, numpy.array([2, 1], numpy.int32), reduce='no')
    numpy.testing.assert_array_equal(loss.data, expected.data)
    with pytest.raises(ValueError, match=r'hinge: t: every label must be in \[0, 3\)'):
        F.hinge(x, numpy.array([3, 1], numpy.int32))


def test_accuracy_counts_out_of_range_labels_as_wrong():
    y = numpy.eye(3, dtype=numpy.float32)[[0, 1, 2, 0]]
    with _warns():
        acc = F.accuracy(y, numpy.array([0, 5, 2, -2], numpy.int32))
    assert float(acc.data) == 0.5
    with _warns():
        acc = F.accuracy(y, numpy.array([0, 5, 2, -1], numpy.int32), ignore_label=-1)
    assert float(acc.data) == pytest.approx(2 / 3)


def test_binary_accuracy_counts_other_labels_as_wrong():
    y = numpy.array([1.0, -1.0, 1.0, 1.0], numpy.float32)
    with _warns():
        acc = F.binary_accuracy(y, numpy.array([1, 0, 2, -1], numpy.int32))
    assert float(acc.data) == pytest.approx(2 / 3)


def test_sigmoid_cross_entropy_uses_other_labels_in_the_formula():
    x = numpy.array([0.5, -1.5], numpy.float64)
    t = numpy.array([2, 1], numpy.int32)
    with _warns():
        loss = F.sigmoid_cross_entropy(x, t, reduce='no')
    expected = numpy.logaddexp(0, x) - x * t
    numpy.testing.assert_allclose(loss.data, expected)


def test_contrastive_uses_other_labels_in_the_formula():
    x0 = numpy.array([[0.0, 0.0], [1.0, 0.0]])
    x1 = numpy.array([[0.3, 0.4], [0.0, 0.0]])
    y = numpy.array([2, -1], numpy.int32)
    with _warns():
        loss = F.contrastive(x0, x1, y, margin=2.0, reduce='no')
    d = numpy.array([0.5, 1.0])
    expected = 0.5 * (y * d ** 2 + (1 - y) * numpy.maximum(2.0 - d, 0) ** 2)
    numpy.testing.assert_allclose(loss.data, expected)


def test_classification_summary_counts_labels_past_label_num_in_no_class():
    y = numpy.eye(3, dtype=numpy.float32)[[0, 1, 2]]
    with _warns():
        p, r, f, support = F.classification_summary(
            y, numpy.array([0, 1, 3], numpy.int32), label_num=3)
    numpy.testing.assert_array_equal(support.data, [1, 1, 0])
    numpy.testing.assert_array_equal(p.data, [1, 1, 0])
    with pytest.raises(ValueError, match='classification_summary: t: every label'):
        F.classification_summary(y, numpy.array([0, -2, 1], numpy.int32))


def test_softmax_cross_entropy_scores_other_negative_labels_as_class_0():
    x = chainer.Variable(numpy.random.RandomState(1).randn(3, 4))
    with _warns():
        loss = F.softmax_cross_entropy(x, numpy.array([-2, 3, -1], numpy.int32))
    log_p = x.data - numpy.logaddexp.reduce(x.data, axis=1, keepdims=True)
    numpy.testing.assert_allclose(loss.data, -(log_p[0, 0] + log_p[1, 3]) / 2)
    loss.backward()
    ref = chainer.Variable(x.data.copy())
    F.softmax_cross_entropy(ref, numpy.array([0, 3, -1], numpy.int32)).backward()
    numpy.testing.assert_allclose(x.grad, ref.grad)


def test_embed_id_wraps_negative_ids_in_forward_and_backward():
    W = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(3, 2))
    with _warns():
        y = F.embed_id(numpy.array([-1, 2, 0], numpy.int32), W)
    numpy.testing.assert_array_equal(y.data, W.data[[2, 2, 0]])
    F.sum(y).backward()
    numpy.testing.assert_array_equal(W.grad, [[1, 1], [0, 0], [2, 2]])
    with pytest.raises(ValueError, match=r'embed_id: ids: every label must be in \[0, 3\)'):
        F.embed_id(numpy.array([-4], numpy.int32), W)


def test_embed_id_ignore_label_is_not_wrapped():
    W = chainer.Variable(numpy.ones((3, 2), numpy.float32))
    with _warns():
        y = F.embed_id(numpy.array([-1, -2], numpy.int32), W, ignore_label=-1)
    numpy.testing.assert_array_equal(y.data, [[0, 0], [1, 1]])
    F.sum(y).backward()
    numpy.testing.assert_array_equal(W.grad, [[0, 0], [1, 1], [0, 0]])


def test_negative_sampling_wraps_negative_labels():
    rs = numpy.random.RandomState(2)
    x = rs.randn(2, 3).astype(numpy.float32)
    W = rs.randn(4, 3).astype(numpy.float32)
    draws = numpy.array([[0, 1, 2], [0, 3, 1]], numpy.int32)

    def sampler(shape):
        return draws

    with _warns():
        wrapped = F.negative_sampling(x, numpy.array([-1, -3], numpy.int32), W,
                                      sampler, 2, reduce='no')
    plain = F.negative_sampling(x, numpy.array([-1, 1], numpy.int32), W, sampler, 2,
                                reduce='no')
    numpy.testing.assert_array_equal(wrapped.data, plain.data)


def test_black_out_wraps_negative_labels_and_samples():
    rs = numpy.random.RandomState(3)
    x = rs.randn(2, 3).astype(numpy.float32)
    W = rs.randn(4, 3).astype(numpy.float32)
    samples = numpy.array([[1, 2], [3, 0]], numpy.int32)
    with _warns():
        wrapped = F.black_out(x, numpy.array([-1, 1], numpy.int32), W, samples - 4,
                              reduce='no')
    plain = F.black_out(x, numpy.array([3, 1], numpy.int32), W, samples, reduce='no')
    numpy.testing.assert_array_equal(wrapped.data, plain.data)
    with pytest.raises(ValueError, match='black_out: t: every label'):
        F.black_out(x, numpy.array([4, 1], numpy.int32), W, samples)


def test_debug_mode_raises_as_v1_debug_checks_did():
    x = numpy.zeros((2, 3), numpy.float32)
    t = numpy.array([0, -2], numpy.int32)
    old = chainer.is_debug()
    chainer.set_debug(True)
    try:
        with pytest.raises(ValueError, match=r'every label must be in \[0, 3\) or equal'):
            F.softmax_cross_entropy(x, t)
        xs = [numpy.zeros((1, 3), numpy.float32)]
        with pytest.raises(ValueError, match=r'crf1d: ys: every label must be in \[0, 3\),'):
            F.crf1d(numpy.zeros((3, 3), numpy.float32), xs, [numpy.array([-1], 'i')])
    finally:
        chainer.set_debug(old)


@pytest.mark.parametrize('dtype', [numpy.int8, numpy.int32, numpy.int64])
def test_in_range_checks_every_label(dtype):
    from chainer.functions.loss import _labels
    assert _labels.in_range(numpy.zeros(0, dtype), 3)
    assert _labels.in_range(numpy.array([[0, 2], [1, 1]], dtype), 3)
    assert not _labels.in_range(numpy.array([0, 3], dtype), 3)
    assert not _labels.in_range(numpy.array([[-1, 0]], dtype), 3)
