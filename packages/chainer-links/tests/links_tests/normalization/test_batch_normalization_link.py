"""BatchNormalization: training, fine-tuning and testing modes."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def test_parameters_and_persistents():
    link = L.BatchNormalization(3)
    numpy.testing.assert_array_equal(link.gamma.data, 1)
    numpy.testing.assert_array_equal(link.beta.data, 0)
    assert sorted(link._persistent) == ['N', 'avg_mean', 'avg_var']
    assert link.avg_mean.shape == (3,) and link.N == 0
    link = L.BatchNormalization((2, 3), use_gamma=False, use_beta=False)
    assert list(link.params()) == []
    link = L.BatchNormalization(3, initial_gamma=2, initial_beta=-1,
                                dtype=numpy.float64)
    assert link.gamma.dtype == numpy.float64 and link.avg_var.dtype == numpy.float64
    numpy.testing.assert_array_equal(link.beta.data, -1)


def test_training_mode_normalizes_and_updates_moving_averages():
    link = L.BatchNormalization(3, decay=0.8)
    link_checks.perturb(link)
    x = _x(5, 3, 2) * 3 + 1
    y = link(chainer.Variable(x))
    mean = x.mean(axis=(0, 2))
    var = x.var(axis=(0, 2))
    x_hat = (x - mean[:, None]) / numpy.sqrt(var[:, None] + 2e-5)
    expected = link.gamma.data[:, None] * x_hat + link.beta.data[:, None]
    numpy.testing.assert_allclose(y.data, expected, rtol=1e-4, atol=1e-5)
    m = 10
    numpy.testing.assert_allclose(link.avg_mean, 0.2 * mean, rtol=1e-5)
    # avg_var starts at 1 (v2+; v1 started it at 0)
    numpy.testing.assert_allclose(link.avg_var, 0.8 + 0.2 * var * m / (m - 1), rtol=1e-5)


def test_test_mode_uses_population_statistics():
    link = L.BatchNormalization(3)
    link.avg_mean[...] = [0.5, -1, 2]
    link.avg_var[...] = [1, 4, 0.25]
    link.gamma.data[...] = [1, 2, 3]
    x = _x(4, 3)
    y = link(chainer.Variable(x), test=True)
    expected = F.fixed_batch_normalization(x, link.gamma.data, link.beta.data,
                                           link.avg_mean, link.avg_var, 2e-5)
    numpy.testing.assert_allclose(y.data, expected.data, rtol=1e-6)
    numpy.testing.assert_array_equal(link.avg_mean, [0.5, -1, 2])


def test_finetuning_accumulates_exact_population_mean():
    link = L.BatchNormalization(2)
    batches = [_x(4, 2) + i for i in range(3)]
    for b in batches:
        link(chainer.Variable(b), finetune=True)
    assert link.N == 3
    numpy.testing.assert_allclose(link.avg_mean,
                                  numpy.mean([b.mean(axis=0) for b in batches],
                                             axis=0), rtol=1e-5)
    link.start_finetuning()
    assert link.N == 0
    link(chainer.Variable(batches[0]), finetune=True)
    numpy.testing.assert_allclose(link.avg_mean, batches[0].mean(axis=0), rtol=1e-5)


def test_without_gamma_and_beta():
    link = L.BatchNormalization(2, use_gamma=False, use_beta=False)
    x = _x(4, 2)
    y = link(chainer.Variable(x))
    numpy.testing.assert_allclose(y.data.mean(axis=0), 0, atol=1e-5)


def test_backward_reaches_gamma_and_beta():
    link = L.BatchNormalization(3)
    link_checks.perturb(link)
    link.avg_mean = link.avg_mean.astype(numpy.float64)
    link.avg_var = link.avg_var.astype(numpy.float64)
    x = numpy.random.randn(4, 3, 2)
    link_checks.check_backward(link, x, numpy.random.randn(4, 3, 2))
    link_checks.check_backward(link, x, numpy.random.randn(4, 3, 2),
                               call=lambda x: link(x, test=True))


def test_serialization_restores_statistics_and_outputs(tmp_path):
    x = _x(4, 3)

    def make():
        link = L.BatchNormalization(3)
        link(chainer.Variable(_x(6, 3) * 2 + 1))
        link(chainer.Variable(_x(6, 3)), finetune=True)
        return link

    def call(link):
        return link(chainer.Variable(x), test=True)
    src = make()
    path = str(tmp_path / 'bn.npz')
    chainer.serializers.save_npz(path, src)
    dst = L.BatchNormalization(3)
    chainer.serializers.load_npz(path, dst)
    numpy.testing.assert_array_equal(dst.avg_var, src.avg_var)
    assert dst.N == src.N == 1
    link_checks.check_serialization(make, call, tmp_path)
    # copyparams copies parameters, not the statistics: compare in training mode.
    link_checks.check_copies(make, lambda link: link(chainer.Variable(x)))


@pytest.mark.parametrize('size', [0.5, {}, 'a'])
def test_non_integer_size_raises_type_error_as_in_v1(size):
    with pytest.raises(TypeError, match='size'):
        L.BatchNormalization(size)


@pytest.mark.parametrize('kwargs,match', [
    (dict(size=-1), 'size'), (dict(size=3, decay=1.5), 'decay'),
    (dict(size=3, eps=0), 'eps')])
def test_bad_constructor_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        L.BatchNormalization(**kwargs)


def test_mis_shaped_input():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.BatchNormalization(3)(chainer.Variable(_x(4, 2)))
