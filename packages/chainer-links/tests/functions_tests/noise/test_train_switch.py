"""The noise functions' mode: Chainer v1's ``train=`` argument and v2+'s
``chainer.config.train``, both spellings in one process. An explicit argument wins;
without one the configuration decides."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing


def _ones(*shape):
    return numpy.ones(shape, numpy.float32)


def _dropped_any(y):
    return bool((chainer.as_array(y) == 0).any())


def test_dropout_reads_the_configuration_without_an_argument():
    numpy.random.seed(0)
    x = _ones(20, 30)
    assert _dropped_any(F.dropout(x))
    with chainer.using_config('train', False):
        y = F.dropout(chainer.Variable(x))
        testing.assert_allclose(y.array, x)
        assert not _dropped_any(F.dropout(x, ratio=0.9))


def test_an_explicit_train_argument_wins_over_the_configuration():
    numpy.random.seed(1)
    x = _ones(20, 30)
    v = chainer.Variable(x)
    assert F.dropout(v, 0.5, False) is v  # v1 positional, configuration True
    with chainer.using_config('train', False):
        assert _dropped_any(F.dropout(x, 0.5, True))
        assert _dropped_any(F.dropout(x, ratio=0.5, train=True))


@pytest.mark.parametrize('v1_first', [True, False])
def test_both_spellings_in_one_process_in_either_order(v1_first):
    numpy.random.seed(2)
    x = _ones(10, 10)

    def v1_style():
        assert not _dropped_any(F.dropout(x, train=False))
        assert _dropped_any(F.dropout(x, train=True))

    def v7_style():
        with chainer.using_config('train', False):
            assert not _dropped_any(F.dropout(x))
        assert _dropped_any(F.dropout(x))

    for step in ((v1_style, v7_style) if v1_first else (v7_style, v1_style)):
        step()
    assert chainer.config.train is True


def test_dropout_return_mask_and_reuse_of_the_mask():
    numpy.random.seed(3)
    x = numpy.arange(1, 13, dtype=numpy.float32).reshape(3, 4)
    y, mask = F.dropout(x, ratio=0.5, return_mask=True)
    assert mask.shape == x.shape
    testing.assert_allclose(y.array, x * mask)
    assert set(numpy.unique(mask)) <= {0.0, 2.0}
    # The same mask gives the same output, whatever the ratio.
    y2 = F.dropout(x, ratio=0.1, mask=mask)
    testing.assert_allclose(y2.array, y.array)
    # Backward multiplies by the mask.
    v = chainer.Variable(x)
    F.sum(F.dropout(v, mask=mask)).backward()
    testing.assert_allclose(v.grad, mask)
    with chainer.using_config('train', False):
        y3, none = F.dropout(x, return_mask=True)
    assert none is None
    testing.assert_allclose(y3.array, x)


def test_dropout_refuses_unknown_keywords():
    with pytest.raises(TypeError, match='unexpected'):
        F.dropout(_ones(2, 2), masks=None)


def test_zoneout_follows_the_argument_else_the_configuration():
    numpy.random.seed(4)
    h = numpy.zeros((10, 10), numpy.float32)
    x = _ones(10, 10)
    assert _dropped_any(F.zoneout(h, x))  # training by default: some h kept
    with chainer.using_config('train', False):
        testing.assert_allclose(chainer.as_array(F.zoneout(h, x)), x)
        assert _dropped_any(F.zoneout(h, x, 0.5, True))
    testing.assert_allclose(chainer.as_array(F.zoneout(h, x, 0.5, False)), x)


def test_simplified_dropconnect_follows_the_argument_else_the_configuration():
    numpy.random.seed(5)
    x = _ones(4, 6)
    W = numpy.random.uniform(1, 2, (3, 6)).astype(numpy.float32)
    plain = x.dot(W.T)
    with chainer.using_config('train', False):
        testing.assert_allclose(F.simplified_dropconnect(x, W).array, plain, rtol=1e-5)
        y = F.simplified_dropconnect(x, W, None, 0.5, True)
        assert not numpy.allclose(y.array, plain)
    y = F.simplified_dropconnect(x, W, None, 0.5, False)
    testing.assert_allclose(y.array, plain, rtol=1e-5)
    assert not numpy.allclose(F.simplified_dropconnect(x, W).array, plain)


def test_simplified_dropconnect_batch_wide_mask():
    numpy.random.seed(6)
    x = numpy.random.uniform(-1, 1, (5, 6)).astype(numpy.float32)
    W = numpy.random.uniform(-1, 1, (3, 6)).astype(numpy.float32)
    b = numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32)
    func = chainer.functions.noise.simplified_dropconnect.SimplifiedDropconnect(
        0.5, None, use_batchwise_mask=False)
    xv, Wv, bv = chainer.Variable(x), chainer.Variable(W), chainer.Variable(b)
    y = func(xv, Wv, bv)
    assert func.mask.shape == W.shape
    Wm = W * func.mask * 2
    testing.assert_allclose(y.array, x.dot(Wm.T) + b, rtol=1e-5, atol=1e-6)
    gy = numpy.random.uniform(-1, 1, y.shape).astype(numpy.float32)
    y.grad = gy
    y.backward()
    testing.assert_allclose(xv.grad, gy.dot(Wm), rtol=1e-5, atol=1e-6)
    testing.assert_allclose(Wv.grad, gy.T.dot(x) * func.mask * 2, rtol=1e-5, atol=1e-6)
    testing.assert_allclose(bv.grad, gy.sum(axis=0), rtol=1e-5, atol=1e-6)
    # Through the wrapper: one mask for the batch means equal rows give equal outputs.
    same_rows = numpy.repeat(x[:1], 4, axis=0)
    out = F.simplified_dropconnect(same_rows, W, use_batchwise_mask=False).array
    testing.assert_allclose(out, numpy.repeat(out[:1], 4, axis=0), rtol=1e-6)


def test_simplified_dropconnect_link_mode():
    numpy.random.seed(7)
    link = chainer.links.SimplifiedDropconnect(6, 3, ratio=0.5,
                                               initial_bias=0)
    x = _ones(4, 6)
    plain = x.dot(link.W.array.T)
    with chainer.using_config('train', False):
        testing.assert_allclose(link(x).array, plain, rtol=1e-5)
        assert not numpy.allclose(link(x, train=True).array, plain)
    testing.assert_allclose(link(x, False).array, plain, rtol=1e-5)
    assert not numpy.allclose(link(x).array, plain)
