"""Chainer v7 arguments of the loss links: CRF1d(initial_cost, transpose),
NegativeSampling(dtype, return_samples)."""
import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import initializers


def _batch(lengths, n_label=3, seed=0):
    rng = numpy.random.RandomState(seed)
    xs = [rng.randn(t, n_label).astype(numpy.float32) for t in lengths]
    ys = [rng.randint(0, n_label, t).astype(numpy.int32) for t in lengths]
    return xs, ys


def test_crf1d_initial_cost():
    link = L.CRF1d(3, initial_cost=initializers.Constant(0.5))
    numpy.testing.assert_array_equal(link.cost.data, numpy.full((3, 3), 0.5, 'f'))
    numpy.testing.assert_array_equal(L.CRF1d(2).cost.data, numpy.zeros((2, 2), 'f'))


def test_crf1d_transpose_equals_time_major_call():
    link = L.CRF1d(3, initial_cost=initializers.Normal(1.0))
    xs, ys = _batch((2, 4, 3))
    order = [1, 2, 0]  # by decreasing length
    expect = link(F.transpose_sequence([xs[i] for i in order]),
                  F.transpose_sequence([ys[i] for i in order]))
    got = link(xs, ys, transpose=True)
    numpy.testing.assert_allclose(got.data, expect.data, rtol=1e-6)
    got.backward()
    assert link.cost.grad is not None
    assert link.forward(xs, ys, reduce='no', transpose=True).shape == (3,)


def test_crf1d_argmax_transpose_keeps_the_example_order():
    link = L.CRF1d(3, initial_cost=initializers.Normal(1.0))
    xs, _ = _batch((2, 4, 3), seed=1)
    score, paths = link.argmax(xs, transpose=True)
    assert [p.shape for p in paths] == [(2,), (4,), (3,)]
    for x, p in zip(xs, paths):  # each path is the best of its own sequence
        _, alone = link.argmax([x[t:t + 1] for t in range(len(x))])
        numpy.testing.assert_array_equal(p, numpy.concatenate(alone))
    assert score.shape == (3,)


def test_negative_sampling_return_samples_and_dtype():
    link = L.NegativeSampling(4, [3, 2, 1, 5], 2, dtype=numpy.float64)
    assert link.W.dtype == numpy.float64
    link.W.data[...] = numpy.random.RandomState(0).randn(4, 4)
    x = numpy.random.RandomState(1).randn(3, 4)
    t = numpy.array([0, 3, 1], numpy.int32)
    loss, samples = link(x, t, return_samples=True)
    assert samples.shape == (3, 3)
    numpy.testing.assert_array_equal(samples[:, 0], t)
    # The loss is the one of the returned samples.
    w = link.W.data
    f = numpy.einsum('bd,bkd->bk', x, w[samples])
    f[:, 1:] *= -1
    numpy.testing.assert_allclose(loss.data, numpy.logaddexp(0, -f).sum(), rtol=1e-10)
    loss2, samples2 = link.forward(x, t, reduce='no', return_samples=True)
    assert loss2.shape == (3,)


def test_parameters_follow_the_configured_dtype():
    with chainer.using_config('dtype', numpy.float16):
        assert L.CRF1d(3).cost.dtype == numpy.float16
        assert L.BlackOut(3, [1, 2, 3], 2).W.dtype == numpy.float16
        assert L.NegativeSampling(3, [1, 2, 3], 2).W.dtype == numpy.float16
        assert L.BinaryHierarchicalSoftmax(3, ((0, 1), 2)).W.dtype == numpy.float16
    assert L.BinaryHierarchicalSoftmax(3, ((0, 1), 2), dtype=numpy.float64).W.dtype \
        == numpy.float64
    assert L.CRF1d(3).cost.dtype == numpy.float32  # v1's default


def test_negative_sampling_link_calls_the_module_function(monkeypatch):
    from chainer.functions.loss import negative_sampling as module
    calls = []
    original = module.negative_sampling

    def spy(*args, **kwargs):
        calls.append(args[4])
        return original(*args, **kwargs)

    monkeypatch.setattr(module, 'negative_sampling', spy)
    link = L.NegativeSampling(2, [1, 1, 1], 2)
    link(numpy.ones((1, 2), numpy.float32), numpy.array([1], numpy.int32))
    assert calls == [2]


def test_hierarchical_softmax_twice():
    from chainer import gradient_check
    from chainer.links.loss.hierarchical_softmax import BinaryHierarchicalSoftmaxFunction
    rng = numpy.random.RandomState(0)
    tree = ((0, 1), (2, (3, 4)))
    link = L.BinaryHierarchicalSoftmax(3, tree)
    func_tree = link.tree_codes
    t = numpy.array([0, 3, 4, 2], numpy.int32)
    x = rng.uniform(-1, 1, (4, 3))
    W = rng.uniform(-1, 1, link.W.shape)

    def f(x, W):
        return BinaryHierarchicalSoftmaxFunction(func_tree)(x, t, W)

    gradient_check.check_double_backward(
        f, (x, W), numpy.array(rng.uniform(-1, 1)),
        (rng.uniform(-1, 1, x.shape), rng.uniform(-1, 1, W.shape)))
