"""chainer.static_graph in training: replayed steps give the parameters of
define-by-run bit for bit (MomentumSGD, Adam; dropout, batch normalization)."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import optimizers
from chainer.graph_optimizations import _replay


@pytest.fixture(autouse=True)
def one_blas_thread():
    previous = chainer.set_blas_threads(1)
    yield
    chainer.set_blas_threads(previous)


class MLP(chainer.Chain):

    def __init__(self, n_units=100, n_out=10, bn=False, dropout=False):
        super(MLP, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(784, n_units)
            self.l2 = L.Linear(n_units, n_units)
            self.l3 = L.Linear(n_units, n_out)
            if bn:
                self.bn = L.BatchNormalization(n_units)
        self.use_bn = bn
        self.use_dropout = dropout

    def predict(self, x):
        h = F.relu(self.l1(x))
        if self.use_bn:
            h = self.bn(h)
        if self.use_dropout:
            h = F.dropout(h, 0.3)
        return self.l3(F.relu(self.l2(h)))


class LossDyn(MLP):
    def __call__(self, x, t):
        return F.softmax_cross_entropy(self.predict(x), t)


class LossStatic(MLP):
    @chainer.static_graph
    def __call__(self, x, t):
        return F.softmax_cross_entropy(self.predict(x), t)


class Predictor(MLP):
    def __call__(self, x):
        return self.predict(x)


class PredictorStatic(MLP):
    @chainer.static_graph
    def __call__(self, x):
        return self.predict(x)


def _train(model, opt, steps, batch_of, seed=0):
    opt.setup(model)
    rng = numpy.random.RandomState(seed)
    numpy.random.seed(seed)  # dropout's masks
    replayed = 0
    for i in range(steps):
        b = batch_of(i)
        x = rng.rand(b, 784).astype(numpy.float32)
        t = rng.randint(0, 10, b).astype(numpy.int32)
        model.cleargrads()
        loss = model(chainer.Variable(x), t)
        loss.backward()
        opt.update()
        creator = loss.creator
        if isinstance(creator, _replay.StaticScheduleFunction) or any(
                isinstance(x.creator, _replay.StaticScheduleFunction)
                for x in (creator.inputs or ())):
            replayed += 1
    return replayed


def _assert_same_params(a, b):
    pa = dict(a.namedparams())
    for name, p in b.namedparams():
        assert numpy.array_equal(pa[name].data, p.data), name


def test_mlp_momentum_sgd_100_steps_bit_identical():
    dyn, sta = LossDyn(), LossStatic()
    sta.copyparams(dyn)
    _train(dyn, optimizers.MomentumSGD(lr=0.05), 100, lambda i: 4)
    replayed = _train(sta, optimizers.MomentumSGD(lr=0.05), 100, lambda i: 4)
    assert replayed == 98  # two traces, then replays
    _assert_same_params(dyn, sta)


def test_batch_size_changes_trace_again_and_stay_identical():
    dyn, sta = LossDyn(20), LossStatic(20)
    sta.copyparams(dyn)
    sizes = lambda i: (1, 4, 16)[(i // 5) % 3]  # noqa: E731
    _train(dyn, optimizers.Adam(), 45, sizes)
    replayed = _train(sta, optimizers.Adam(), 45, sizes)
    assert replayed == 45 - 6  # each size traced twice
    assert sta.schedule_manager.retraces == 6
    _assert_same_params(dyn, sta)


def test_dropout_and_batch_normalization_in_a_classifier():
    dyn = L.Classifier(Predictor(16, bn=True, dropout=True))
    sta = L.Classifier(PredictorStatic(16, bn=True, dropout=True))
    sta.copyparams(dyn)
    _train(dyn, optimizers.MomentumSGD(lr=0.01), 12, lambda i: 8)
    replayed = _train(sta, optimizers.MomentumSGD(lr=0.01), 12, lambda i: 8)
    assert replayed == 10
    _assert_same_params(dyn, sta)
    # the running statistics were updated at each replay
    assert numpy.array_equal(dyn.predictor.bn.avg_mean, sta.predictor.bn.avg_mean)
    assert numpy.array_equal(dyn.predictor.bn.avg_var, sta.predictor.bn.avg_var)
    with chainer.using_config('train', False):
        x = numpy.random.RandomState(5).rand(3, 784).astype(numpy.float32)
        outs = [sta.predictor(x) for _ in range(3)]
        assert isinstance(outs[-1].creator, _replay.StaticScheduleFunction)
        assert numpy.array_equal(outs[-1].data, dyn.predictor.predict(x).data)
