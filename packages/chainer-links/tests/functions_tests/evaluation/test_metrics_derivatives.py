"""Derivatives of the evaluation functions: r2_score is differentiable twice; the
counting metrics are piecewise constant (derivative zero almost everywhere), so they
pass no gradient, also in a double backprop."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check


@pytest.mark.parametrize('multioutput', ['uniform_average', 'raw_values'])
@pytest.mark.parametrize('shape', [(5,), (5, 3), (4, 2, 2)])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_r2_score_twice(multioutput, shape, dtype):
    rng = numpy.random.RandomState(0)
    pred, true = (rng.uniform(-1, 1, shape).astype(dtype) for _ in range(2))

    def f(p, t):
        return F.r2_score(p, t, multioutput=multioutput)

    gy = numpy.asarray(rng.uniform(-1, 1, f(pred, true).shape)).astype(dtype)
    tol = {numpy.float16: dict(atol=1e-1, rtol=1e-1, dtype=numpy.float64),
           numpy.float32: dict(atol=1e-2, rtol=1e-2)}.get(dtype, {})
    gradient_check.check_backward(f, (pred, true), gy, **tol)
    gradient_check.check_double_backward(
        f, (pred, true), gy,
        tuple(rng.uniform(-1, 1, shape).astype(dtype) for _ in range(2)), **tol)


def test_r2_score_gradient_matches_closed_form():
    pred = chainer.Variable(numpy.array([1.0, 2.0, 4.0]))
    true = chainer.Variable(numpy.array([1.5, 2.0, 3.0]))
    gp, gt = chainer.grad([F.r2_score(pred, true)], [pred, true])
    r = pred.data - true.data
    c = true.data - true.data.mean()
    s_t, s_r = (c * c).sum(), (r * r).sum()
    numpy.testing.assert_allclose(gp.data, -2 * r / s_t)
    numpy.testing.assert_allclose(gt.data, 2 * r / s_t + 2 * s_r * c / s_t ** 2)


def test_r2_score_constant_target_has_zero_gradient():
    pred = chainer.Variable(numpy.array([[1.0, 0.5], [2.0, -1.0], [0.0, 1.0]]))
    true = chainer.Variable(numpy.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]))
    gp, gt = chainer.grad([F.r2_score(pred, true, multioutput='raw_values')],
                          [pred, true], [numpy.ones(2)])
    assert not gp.data[:, 0].any() and not gt.data[:, 0].any()
    assert gp.data[:, 1].any()


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('metric', ['accuracy', 'binary_accuracy', 'precision', 'recall',
                                    'f1_score', 'classification_summary'])
def test_counting_metrics_pass_no_gradient_even_twice(metric, dtype):
    rng = numpy.random.RandomState(1)
    y = chainer.Variable(rng.uniform(-1, 1, (6, 3)).astype(dtype))
    t = numpy.array([0, 1, 2, 0, 1, 2], numpy.int32)
    if metric == 'binary_accuracy':
        value = F.binary_accuracy(y, (rng.rand(6, 3) > 0.5).astype(numpy.int32))
    elif metric == 'accuracy':
        value = F.accuracy(y, t)
    elif metric == 'classification_summary':
        value = F.classification_summary(y, t)[2]
        value = F.sum(F.where(numpy.isnan(value.array), numpy.zeros_like(value.array),
                              value))
    else:
        value = F.sum(getattr(F, metric)(y, t)[0])
    gy, = chainer.grad([value], [y], enable_double_backprop=True)
    assert gy is None  # zero almost everywhere: no gradient flows
    total = F.sum(y * y) + value
    gy, = chainer.grad([total], [y], enable_double_backprop=True)
    numpy.testing.assert_allclose(gy.data, 2 * y.data)
    ggy, = chainer.grad([F.sum(gy)], [y])
    assert ggy.dtype == dtype
    numpy.testing.assert_allclose(ggy.data, numpy.full((6, 3), 2.0))
