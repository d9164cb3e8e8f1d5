"""F.discriminative_margin_based_clustering_loss against a direct numpy loop."""
import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check


def _reference(emb, labels, dv, dd, k, norm, alpha, beta, gamma):
    def nrm(v):
        return numpy.abs(v).sum() if norm == 1 else numpy.sqrt((v * v).sum())
    n = emb.shape[0]
    mu = numpy.zeros((k, n, emb.shape[1]))
    for c, i in itertools.product(range(k), range(n)):
        sel = labels[i] == c + 1
        if sel.any():
            mu[c, i] = emb[i][:, sel].mean(axis=1)
    var = 0.0
    for c in range(k):
        total, pixels = 0.0, 0
        for i in range(n):
            for y, x in zip(*numpy.nonzero(labels[i] == c + 1)):
                total += max(nrm(mu[c, i] - emb[i, :, y, x]) - dv, 0) ** 2
                pixels += 1
        var += total / max(pixels, 1)
    var /= k
    dist, pairs = 0.0, 0
    for a, b in itertools.combinations(range(k), 2):
        dist += sum(max(2 * dd - nrm(mu[a, i] - mu[b, i]), 0) ** 2 for i in range(n))
        pairs += 1
    dist /= max(pairs * n, 1)
    reg = sum(nrm(mu[c]) for c in range(k)) / (k * n)
    return alpha * var, beta * dist, gamma * reg


@pytest.mark.parametrize('norm', [1, 2])
@pytest.mark.parametrize('margins', [(0.1, 1.0), (0.5, 0.2)])
def test_forward_matches_loop(norm, margins):
    rng = numpy.random.RandomState(0)
    emb = rng.uniform(-1, 1, (2, 3, 4, 4))
    labels = rng.randint(0, 4, (2, 4, 4)).astype(numpy.int32)
    got = F.discriminative_margin_based_clustering_loss(
        emb, labels, margins[0], margins[1], 3, norm, 0.5, 2.0, 0.1)
    expect = _reference(emb, labels, margins[0], margins[1], 3, norm, 0.5, 2.0, 0.1)
    for g, e in zip(got, expect):
        assert g.shape == ()
        numpy.testing.assert_allclose(g.data, e, rtol=1e-10, atol=1e-12)


def test_gradient_and_absent_instances():
    rng = numpy.random.RandomState(1)
    emb = rng.uniform(-1, 1, (2, 3, 3, 3))
    labels = rng.randint(1, 3, (2, 3, 3)).astype(numpy.int32)  # instance 3 absent

    def total(e):
        return sum(F.discriminative_margin_based_clustering_loss(
            e, labels, 0.05, 2.0, 3, 1, 1.0, 1.0, 0.01))

    gradient_check.check_backward(total, emb, numpy.array(1.0), atol=1e-4, rtol=1e-4)


def test_l2_norm_gradient_is_finite_at_masked_pixels_and_absent_instances():
    # every pixel is a zero (masked) offset for the instances it is not in, and the
    # absent instance's center is zero: the L2 norm takes its zero subgradient there
    rng = numpy.random.RandomState(1)
    emb = chainer.Variable(rng.uniform(-1, 1, (2, 3, 3, 3)))
    labels = rng.randint(1, 3, (2, 3, 3)).astype(numpy.int32)  # instance 3 absent
    terms = F.discriminative_margin_based_clustering_loss(
        emb, labels, 0.05, 2.0, 3, 2, 1.0, 1.0, 0.01)
    gx, = chainer.grad([sum(terms)], [emb])
    assert numpy.isfinite(gx.array).all() and gx.array.any()
    gradient_check.check_backward(
        lambda e: sum(F.discriminative_margin_based_clustering_loss(
            e, labels, 0.05, 2.0, 3, 2, 1.0, 1.0, 0.01)),
        emb.array, numpy.array(1.0), atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('norm', [1, 2])
def test_differentiable_twice(check_double_backward, norm, dtype):
    rng = numpy.random.RandomState(2)
    emb = rng.uniform(-1, 1, (2, 3, 2, 3)).astype(dtype)
    labels = rng.randint(0, 3, (2, 2, 3)).astype(numpy.int32)

    def f(e):
        return F.discriminative_margin_based_clustering_loss(e, labels, 0.2, 1.5, 3, norm)

    check_double_backward(f, emb)


def test_bad_arguments():
    emb = numpy.zeros((1, 2, 2, 2))
    labels = numpy.zeros((1, 2, 2), numpy.int32)
    with pytest.raises(ValueError):
        F.discriminative_margin_based_clustering_loss(emb, labels, 1, 1, 3)
    with pytest.raises(ValueError):
        F.discriminative_margin_based_clustering_loss(emb, labels, 1, 1, 2, norm=3)
    loss = F.DiscriminativeMarginBasedClusteringLoss(max_embedding_dim=2)(
        chainer.Variable(emb), labels)
    assert len(loss) == 3
