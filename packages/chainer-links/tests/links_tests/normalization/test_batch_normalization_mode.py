"""The mode of the links that normalize or add noise: Chainer v1's ``test=``/``train=``
arguments and v2+'s ``chainer.config.train``, both in one process."""
import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def _bn_with_population(size=3):
    link = L.BatchNormalization(size)
    link.avg_mean[...] = 0.5
    link.avg_var[...] = 4.0
    return link


def _tested(link, x):
    """What testing mode gives: normalized by the population statistics."""
    return (x - link.avg_mean) / numpy.sqrt(link.avg_var + link.eps)


def _batch_normalized(x):
    return (x - x.mean(axis=0)) / numpy.sqrt(x.var(axis=0) + 2e-5)


def test_configuration_decides_without_test_argument():
    numpy.random.seed(0)
    link = _bn_with_population()
    x = _x(6, 3)
    with chainer.using_config('train', False):
        testing.assert_allclose(link(x).array, _tested(link, x), rtol=1e-4, atol=1e-4)
        assert link.N == 0
    testing.assert_allclose(link(x).array, _batch_normalized(x), rtol=1e-3, atol=1e-3)


def test_an_explicit_test_argument_wins():
    numpy.random.seed(1)
    link = _bn_with_population()
    x = _x(6, 3)
    before = link.avg_mean.copy()
    y = link(x, test=True)  # v1, with the configuration saying train
    testing.assert_allclose(y.array, _tested(link, x), rtol=1e-4, atol=1e-4)
    numpy.testing.assert_array_equal(link.avg_mean, before)
    with chainer.using_config('train', False):
        y = link(x, False)  # v1 positional, training inside a v2+ test block
    testing.assert_allclose(y.array, _batch_normalized(x), rtol=1e-3, atol=1e-3)
    assert not numpy.array_equal(link.avg_mean, before)


@pytest.mark.parametrize('v1_first', [True, False])
def test_both_spellings_in_either_order(v1_first):
    numpy.random.seed(2)
    link = _bn_with_population()
    x = _x(5, 3)

    def v1_style():
        y = link(x, test=True)
        testing.assert_allclose(y.array, _tested(link, x), rtol=1e-4, atol=1e-4)

    def v7_style():
        with chainer.using_config('train', False):
            y = link(x)
        testing.assert_allclose(y.array, _tested(link, x), rtol=1e-4, atol=1e-4)

    for step in ((v1_style, v7_style) if v1_first else (v7_style, v1_style)):
        step()


def test_finetune_and_forward_of_a_v2_subclass():
    numpy.random.seed(3)

    class Scaled(L.BatchNormalization):
        def forward(self, x, **kwargs):
            return super(Scaled, self).forward(x, **kwargs) * 2

    link = Scaled(3)
    x = _x(4, 3)
    y = link(x, finetune=True)
    assert link.N == 1
    testing.assert_allclose(y.array, 2 * _batch_normalized(x), rtol=1e-3, atol=1e-3)
    with chainer.using_config('train', False):
        y = link(x)
    testing.assert_allclose(y.array, 2 * _tested(link, x), rtol=1e-4, atol=1e-4)


def test_link_hooks_see_the_call():
    seen = []

    class Hook(chainer.LinkHook):
        name = 'record'

        def forward_preprocess(self, args):
            seen.append(('pre', args.link, args.kwargs.get('test')))

    link = L.BatchNormalization(2)
    link.add_hook(Hook())
    link(_x(3, 2), test=True)
    assert seen == [('pre', link, True)]


def test_inception_bn_follows_its_attribute_and_the_configuration():
    numpy.random.seed(4)
    link = L.InceptionBN(2, 1, 1, 1, 1, 1, 'max', proj_pool=1)
    x = _x(3, 2, 4, 4)
    for child in link.children():
        if isinstance(child, L.BatchNormalization):
            child.avg_var[...] = 1.0
    with chainer.using_config('train', False):
        link(x)
    assert all(c.N == 0 and not c.avg_mean.any() for c in link.children()
               if isinstance(c, L.BatchNormalization))
    link(x)  # training: the population statistics move
    assert any(c.avg_mean.any() for c in link.children()
               if isinstance(c, L.BatchNormalization))


def test_zoneout_lstm_follows_its_argument_else_the_configuration():
    numpy.random.seed(5)
    x = _x(4, 3)

    def run(link):
        link.reset_state()
        link(x)
        return link(x).array

    plain = L.StatefulZoneoutLSTM(3, 5, c_ratio=0.5, h_ratio=0.5, train=False)
    reference = run(plain)
    link = L.StatefulZoneoutLSTM(3, 5, c_ratio=0.5, h_ratio=0.5)
    link.copyparams(plain)
    with chainer.using_config('train', False):
        testing.assert_allclose(run(link), reference)
    assert not numpy.allclose(run(link), reference)
