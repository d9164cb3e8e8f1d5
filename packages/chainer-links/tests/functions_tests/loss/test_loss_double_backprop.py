"""Second derivatives of the losses (their backward also works on Variables)."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check


_TOL = {numpy.float16: dict(dtype=numpy.float64, atol=5e-2, rtol=5e-2),
        numpy.float32: dict(atol=1e-3, rtol=1e-3),
        numpy.float64: dict(atol=1e-5, rtol=1e-5)}


def _check(f, xs, dtype, seed=0):
    rng = numpy.random.RandomState(seed)
    xs = tuple(x.astype(dtype) for x in xs)
    y = f(*xs)
    gy = numpy.asarray(rng.uniform(-1, 1, y.shape)).astype(dtype)
    ggs = tuple(rng.uniform(-1, 1, x.shape).astype(dtype) for x in xs)
    gradient_check.check_backward(f, xs, gy, **_TOL[dtype])
    gradient_check.check_double_backward(f, xs, gy, ggs, **_TOL[dtype])


def _inputs(*shapes, seed=1):
    rng = numpy.random.RandomState(seed)
    return tuple(rng.uniform(-1, 1, s) for s in shapes)


DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('name', ['squared_error', 'absolute_error',
                                  'mean_squared_error', 'mean_absolute_error'])
def test_pointwise_errors_twice(name, dtype):
    _check(getattr(F, name), _inputs((3, 4), (3, 4)), dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['sum_along_second_axis', 'no'])
def test_huber_loss_twice(reduce, dtype):
    x, t = _inputs((3, 4), (3, 4))
    _check(lambda x, t: F.huber_loss(x, t, 0.5, reduce=reduce), (x * 2, t), dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_contrastive_and_triplet_twice(reduce, dtype):
    a, p, n = _inputs((3, 4), (3, 4), (3, 4))
    y = numpy.array([1, 0, 0], numpy.int32)
    _check(lambda a, p: F.contrastive(a, p, y, margin=3, reduce=reduce),
           (a * 0.5, p * 0.5), dtype)
    _check(lambda a, p, n: F.triplet(a, p, n, margin=2, reduce=reduce),
           (a, p, n), dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['mean', 'no'])
@pytest.mark.parametrize('normalize', [True, False])
def test_sigmoid_cross_entropy_twice(reduce, normalize, dtype):
    t = numpy.array([[0, 1, -1], [1, 1, 0]], numpy.int32)
    x, = _inputs((2, 3))
    _check(lambda x: F.sigmoid_cross_entropy(x, t, normalize=normalize, reduce=reduce),
           (x,), dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['half_squared_sum', 'no'])
def test_cross_covariance_twice(reduce, dtype):
    _check(lambda y, z: F.cross_covariance(y, z, reduce=reduce),
           _inputs((4, 3), (4, 2)), dtype)


def test_contrastive_second_derivative_matches_closed_form():
    # One similar pair: L = |x0 - x1|^2 / 2, so d2L/dx0^2 = I.
    x0 = chainer.Variable(numpy.array([[0.3, -0.2]]))
    x1 = chainer.Variable(numpy.array([[0.1, 0.4]]))
    loss = F.contrastive(x0, x1, numpy.array([1], numpy.int32))
    gx0, = chainer.grad([loss], [x0], enable_double_backprop=True)
    ggx0, = chainer.grad([gx0[0, 0]], [x0])
    numpy.testing.assert_allclose(ggx0.data, [[1.0, 0.0]])


def test_absolute_error_second_derivative_is_zero():
    x0 = chainer.Variable(numpy.array([0.5, -1.0]))
    x1 = chainer.Variable(numpy.array([0.0, 0.0]))
    gx0, = chainer.grad([F.sum(F.absolute_error(x0, x1))], [x0],
                        enable_double_backprop=True)
    numpy.testing.assert_allclose(gx0.data, [1.0, -1.0])
    ggx0, = chainer.grad([gx0[0]], [x0])
    assert ggx0 is None or not ggx0.data.any()


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['sum', 'mean', 'no'])
def test_vae_losses_twice(reduce, dtype):
    x, mean, ln_var = _inputs((3, 2), (3, 2), (3, 2))
    _check(lambda x, m, v: F.gaussian_nll(x, m, v, reduce=reduce),
           (x, mean, ln_var), dtype)
    _check(lambda x, y: F.bernoulli_nll(x, y, reduce=reduce), ((x + 1) / 2, mean),
           dtype)
    _check(lambda m, v: F.gaussian_kl_divergence(m, v, reduce=reduce),
           (mean, ln_var), dtype)


def test_vae_losses_mean_is_the_sum_over_the_size():
    x, mean, ln_var = _inputs((3, 2), (3, 2), (3, 2))
    for f, args in [(F.gaussian_nll, (x, mean, ln_var)),
                    (F.bernoulli_nll, ((x + 1) / 2, mean)),
                    (F.gaussian_kl_divergence, (mean, ln_var))]:
        numpy.testing.assert_allclose(f(*args, reduce='mean').data,
                                      f(*args, reduce='sum').data / 6, rtol=1e-12)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['sum', 'no'])
def test_negative_sampling_twice(reduce, dtype):
    x, W = _inputs((3, 4), (5, 4))
    t = numpy.array([0, 4, -1], numpy.int32)
    drawn = numpy.array([[0, 1, 1], [0, 3, 4], [0, 2, 0]], numpy.int32)
    _check(lambda x, W: F.negative_sampling(x, t, W, lambda shape: drawn, 2,
                                            reduce=reduce), (x, W), dtype)


def test_mean_absolute_error_float16_does_not_overflow():
    x0 = numpy.full((64, 1, 16, 16), 2, numpy.float16)
    loss = F.mean_absolute_error(x0, -x0)
    assert loss.dtype == numpy.float16 and float(loss.data) == 4.0


def test_huber_loss_of_0d_inputs_has_array_gradients():
    x = chainer.Variable(numpy.array(1.5, numpy.float16))
    t = chainer.Variable(numpy.array(0.25, numpy.float16))
    loss = F.huber_loss(x, t, 1.0, reduce='no')
    loss.grad = numpy.array(1, numpy.float16)
    loss.backward()
    assert isinstance(x.grad, numpy.ndarray) and float(x.grad) == 1.0
    assert isinstance(t.grad, numpy.ndarray) and float(t.grad) == -1.0


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('norm', ['L1', 'L2'])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_hinge_twice(norm, reduce, dtype):
    x, = _inputs((3, 4))
    t = numpy.array([0, 3, 1], numpy.int32)
    _check(lambda x: F.hinge(x * 2, t, norm, reduce=reduce), (x,), dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['half_squared_sum', 'no'])
def test_decov_twice(reduce, dtype):
    _check(lambda h: F.decov(h, reduce=reduce), _inputs((4, 3)), dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_black_out_twice(reduce, dtype):
    x, W = _inputs((3, 4), (5, 4))
    t = numpy.array([0, 4, 2], numpy.int32)
    samples = numpy.array([[1, 2], [3, 3], [0, 1]], numpy.int32)
    _check(lambda x, W: F.black_out(x, t, W, samples, reduce=reduce), (x, W), dtype)


def test_hinge_l1_second_derivative_is_zero():
    x = chainer.Variable(numpy.array([[0.5, -0.2, 2.0]]))
    loss = F.hinge(x, numpy.array([2], numpy.int32))
    gx, = chainer.grad([loss], [x], enable_double_backprop=True)
    numpy.testing.assert_allclose(gx.data, [[1.0, 1.0, 0.0]])
    ggx, = chainer.grad([F.sum(gx * gx)], [x])
    assert ggx is None or not ggx.data.any()


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('lengths', [(3, 3), (3, 2, 1), (1, 1)])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_crf1d_twice(lengths, reduce, dtype):
    rng = numpy.random.RandomState(2)
    steps = [sum(1 for n in lengths if n > i) for i in range(max(lengths))]
    xs = [rng.uniform(-1, 1, (b, 3)) for b in steps]
    ys = [rng.randint(0, 3, b).astype(numpy.int32) for b in steps]
    cost = rng.uniform(-1, 1, (3, 3))
    if len(steps) == 1:  # no transition: the cost gets no gradient (v1)
        _check(lambda *xs: F.crf1d(cost.astype(dtype), list(xs), ys, reduce=reduce),
               tuple(xs), dtype)
        return
    _check(lambda c, *xs: F.crf1d(c, list(xs), ys, reduce=reduce),
           (cost,) + tuple(xs), dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('reduce', ['mean', 'no'])
@pytest.mark.parametrize('lengths', [None, ([5, 3, 4], [2, 1, 0])])
def test_ctc_twice(reduce, lengths, dtype):
    rng = numpy.random.RandomState(3)
    t = numpy.array([[1, 2], [3, 3], [2, 1]], numpy.int32)
    il = ll = None
    if lengths is not None:
        il, ll = (numpy.array(v, numpy.int32) for v in lengths)
    xs = tuple(rng.uniform(-1, 1, (3, 4)) for _ in range(5))
    _check(lambda *xs: F.connectionist_temporal_classification(
        list(xs), t, 0, input_length=il, label_length=ll, reduce=reduce), xs, dtype)


def test_ctc_impossible_alignment_gets_zero_gradients_twice():
    # Labels (1, 1) need three frames (1, blank, 1): with two, p = 0 and loss = inf.
    xs = [chainer.Variable(numpy.random.RandomState(4).randn(1, 3)) for _ in range(2)]
    loss = F.connectionist_temporal_classification(
        xs, numpy.array([[1, 1]], numpy.int32), 0, reduce='no')
    assert numpy.isinf(loss.data).all()
    gxs = chainer.grad([loss], xs, [numpy.ones(1)], enable_double_backprop=True)
    for gx in gxs:
        assert not gx.data.any()
    gg = chainer.grad([F.sum(gxs[0])], xs)
    for g in gg:
        assert g is None or not g.data.any()


@pytest.mark.parametrize('dtype', DTYPES)
def test_argmax_crf1d_score_twice_and_zero_second_derivative(dtype):
    rng = numpy.random.RandomState(5)
    cost = rng.uniform(-1, 1, (3, 3))
    xs = [rng.uniform(-1, 1, (b, 3)) for b in (2, 2, 1)]
    _check(lambda c, *xs: F.argmax_crf1d(c, list(xs))[0], (cost,) + tuple(xs), dtype)
    c = chainer.Variable(cost.astype(dtype))
    score, _ = F.argmax_crf1d(c, [x.astype(dtype) for x in xs])
    gc, = chainer.grad([F.sum(score)], [c], enable_double_backprop=True)
    ggc, = chainer.grad([F.sum(gc * gc)], [c])
    assert ggc is None or not ggc.data.any()
