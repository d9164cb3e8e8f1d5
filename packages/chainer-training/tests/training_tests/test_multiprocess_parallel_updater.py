"""MultiprocessParallelUpdater (v1.24): what a host without NCCL can check, and the
gather/scatter of parameters on a GPU."""
import types
import warnings

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import cuda, optimizers, testing
from chainer.training import updaters
from chainer.training.updaters import multiprocess_parallel_updater as mpu
from training_tests import tiny


def _net(seed=0):
    net = chainer.Chain(conv=L.Convolution2D(2, 2, 3), fc=L.Linear(18, 2))
    rng = numpy.random.RandomState(seed)
    for param in net.params():
        param.data[...] = rng.uniform(-1, 1, param.data.shape)
    return net


def _backward(net, seed=1):
    rng = numpy.random.RandomState(seed)
    x = net.xp.asarray(rng.uniform(0, 1, (4, 2, 5, 5)).astype(numpy.float32))
    t = net.xp.asarray(numpy.arange(4, dtype=numpy.int32) % 2)
    h = chainer.functions.relu(net.conv(chainer.Variable(x)))
    net.cleargrads()
    chainer.functions.softmax_cross_entropy(net.fc(h), chainer.Variable(t)).backward()


@pytest.mark.skipif(mpu.MultiprocessParallelUpdater.available(), reason='NCCL is here')
def test_without_nccl_it_is_unavailable_and_the_constructor_says_why():
    assert updaters.MultiprocessParallelUpdater is mpu.MultiprocessParallelUpdater
    opt = optimizers.SGD(lr=0.1)
    opt.setup(tiny.Model())
    it = chainer.iterators.SerialIterator(tiny.dataset(), 4)
    with pytest.raises(RuntimeError, match='needs NCCL and CUDA devices'):
        mpu.MultiprocessParallelUpdater([it, it], opt, devices=[0, 1])
    assert opt.lr == 0.1  # nothing changed before the refusal


@pytest.mark.parametrize('facade, usable', [
    (types.SimpleNamespace(available=False), False),
    (types.SimpleNamespace(available=True), False),  # a backend without NCCL
    (types.SimpleNamespace(available=True, nccl=types.SimpleNamespace(available=False)),
     False),
    (types.SimpleNamespace(available=True, nccl=types.SimpleNamespace()), True),
])
def test_available_asks_the_cuda_facade_for_nccl(monkeypatch, facade, usable):
    monkeypatch.setattr(mpu, 'cuda', facade)
    assert mpu.MultiprocessParallelUpdater.available() is usable


@pytest.mark.parametrize('function', [mpu.gather_grads, mpu.gather_params])
def test_gathering_a_host_link_is_refused_as_in_v1(function):
    with pytest.raises(RuntimeError, match='only on a GPU'):
        function(_net())


def test_size_num_grads_counts_the_parameters():
    assert mpu.size_num_grads(_net()) == (2 * 2 * 3 * 3 + 2 + 2 * 18 + 2, 4)


def _check_gather_scatter(xp_net, other, gather, scatter):
    _backward(xp_net)
    scatter(other, gather(xp_net))
    for (name, a), (_, b) in zip(sorted(xp_net.namedparams()), sorted(other.namedparams())):
        testing.assert_allclose(cuda.to_cpu(a.grad), cuda.to_cpu(b.grad), atol=0, rtol=0)
        assert b.grad.shape == a.data.shape, name


def test_gathered_grads_scatter_into_another_model_in_the_same_order():
    net, other = _net(0), _net(1)
    _check_gather_scatter(net, other, lambda link: mpu._gather(link, 'grad'),
                          mpu.scatter_grads)


def test_gathered_params_scatter_into_another_model_and_missing_grads_are_zeros():
    net, other = _net(0), _net(1)
    net.cleargrads()
    mpu.scatter_params(other, mpu._gather(net, 'data'))
    for (_, a), (_, b) in zip(sorted(net.namedparams()), sorted(other.namedparams())):
        numpy.testing.assert_array_equal(a.data, b.data)
    numpy.testing.assert_array_equal(mpu._gather(net, 'grad'), numpy.zeros(76))


def test_scatter_keeps_the_dtype_of_each_parameter():
    link = L.Linear(2, 2)
    link.W.data = link.W.data.astype(numpy.float64)
    mpu.scatter_params(link, numpy.arange(6, dtype=numpy.float32))
    assert link.W.data.dtype == numpy.float64 and link.b.data.dtype == numpy.float32
    numpy.testing.assert_array_equal(link.W.data, [[0, 1], [2, 3]])


@pytest.mark.parametrize('make, n, attr, expected', [
    (lambda: optimizers.Adam(eps=1e-8), 4, 'eps', 4e-8),
    (lambda: optimizers.AdaGrad(eps=1e-8), 2, 'eps', 2e-8),
    (lambda: optimizers.RMSprop(eps=1e-8), 2, 'eps', 2e-8),
    (lambda: optimizers.RMSpropGraves(eps=1e-4), 2, 'eps', 4e-4),
    (lambda: optimizers.AdaDelta(eps=1e-6), 3, 'eps', 9e-6),
    (lambda: optimizers.MomentumSGD(lr=0.1), 4, 'lr', 0.025),
])
def test_optimizer_is_adapted_to_the_summed_gradients_as_in_v1(make, n, attr, expected):
    optimizer = make()
    with pytest.warns(UserWarning, match='optimizer.{} is changed to'.format(attr)):
        mpu._scale_hyperparameters(optimizer, n)
    assert getattr(optimizer, attr) == pytest.approx(expected)


def test_an_optimizer_without_lr_or_eps_is_left_alone():
    optimizer = types.SimpleNamespace()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        mpu._scale_hyperparameters(optimizer, 2)
    assert vars(optimizer) == {}


def test_devices_are_listed_main_first():
    assert mpu._device_list([2, 0]) == [2, 0]
    assert mpu._device_list({'second': 1, 'main': 3}) == [3, 1]
    with pytest.raises(ValueError, match="'main' entry"):
        mpu._device_list({'a': 0})
    with pytest.raises(ValueError, match='a GPU device id for each'):
        mpu._device_list([0, None])
    with pytest.raises(ValueError, match='a GPU device id for each'):
        mpu._device_list(None)


@testing.attr.gpu
def test_gather_and_scatter_on_a_gpu():
    net, other = _net(0), _net(1)
    net.to_gpu()
    other.to_gpu()
    _check_gather_scatter(net, other, mpu.gather_grads, mpu.scatter_grads)
    mpu.scatter_params(other, mpu.gather_params(net))
    for (_, a), (_, b) in zip(sorted(net.namedparams()), sorted(other.namedparams())):
        numpy.testing.assert_array_equal(cuda.to_cpu(a.data), cuda.to_cpu(b.data))
