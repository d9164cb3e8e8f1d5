"""Optimizer hooks refuse coefficients that would make the update ascend (a negative
weight decay, Lasso rate or clipping threshold, or NaN) and accept 0 and infinity."""
import math

import numpy
import pytest

import chainer
from chainer import optimizer, optimizer_hooks


class _Step(chainer.UpdateRule):
    # plain gradient descent with lr 1 (chainer.optimizers is chainer-training's)
    def update_core_cpu(self, param):
        param.data -= param.grad


class _SGD(chainer.GradientMethod):
    def create_update_rule(self):
        return _Step()


@pytest.mark.parametrize('hook,name', [
    (optimizer_hooks.WeightDecay, 'rate'), (optimizer_hooks.Lasso, 'rate'),
    (optimizer_hooks.GradientClipping, 'threshold')])
@pytest.mark.parametrize('value', [-1, -1e-8, numpy.float32(-0.5), float('nan'),
                                   -float('inf')])
def test_negative_or_nan_is_refused_naming_the_argument(hook, name, value):
    with pytest.raises(ValueError, match=r'{}: {} must be non-negative'.format(
            hook.__name__, name)):
        hook(value)


@pytest.mark.parametrize('hook', [optimizer_hooks.WeightDecay, optimizer_hooks.Lasso,
                                  optimizer_hooks.GradientClipping])
def test_not_a_number_is_still_a_type_error(hook):
    with pytest.raises(TypeError):
        hook('0.1')


def test_v1_names_refuse_too():
    with pytest.raises(ValueError, match='WeightDecay: rate'):
        optimizer.WeightDecay(-1)
    with pytest.raises(ValueError, match='GradientClipping: threshold'):
        optimizer.GradientClipping(-1)


def _step(hook, w, g):
    link = chainer.Link()
    with link.init_scope():
        link.p = chainer.Parameter(numpy.array(w, numpy.float32))
    opt = _SGD()
    opt.setup(link)
    opt.add_hook(hook)
    link.p.grad = numpy.array(g, numpy.float32)
    opt.update()
    return link.p.data


@pytest.mark.parametrize('value', [0, 0.0, numpy.float64(0)])
def test_zero_is_accepted(value):
    # a zero decay changes nothing; a zero threshold clips every gradient to 0
    numpy.testing.assert_array_equal(
        _step(optimizer_hooks.WeightDecay(value), [1, 2], [0.5, 0.5]), [0.5, 1.5])
    numpy.testing.assert_array_equal(
        _step(optimizer_hooks.Lasso(value), [1, 2], [0.5, 0.5]), [0.5, 1.5])
    numpy.testing.assert_array_equal(
        _step(optimizer_hooks.GradientClipping(value), [1, 2], [3, 4]), [1, 2])


def test_infinite_threshold_never_clips_and_positive_values_work():
    numpy.testing.assert_allclose(
        _step(optimizer_hooks.GradientClipping(math.inf), [1, 2], [3, 4]), [-2, -2])
    numpy.testing.assert_allclose(   # norm 5 clipped to 1: g = (0.6, 0.8)
        _step(optimizer_hooks.GradientClipping(1), [1, 2], [3, 4]), [0.4, 1.2],
        rtol=1e-6)
    numpy.testing.assert_allclose(   # g + 0.5 * w
        _step(optimizer_hooks.WeightDecay(0.5), [1, 2], [0, 0]), [0.5, 1.0])
