"""Evaluator runs its target in testing mode (``chainer.config.train`` False) without
building a graph, while v1-style models (``train=``/``test=`` arguments, volatile
variables built by hand) keep working beside it."""
import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import iterators, testing
from chainer.training import extensions
from training_tests import tiny


def _iterator(batch_size=8):
    return iterators.SerialIterator(tiny.dataset(), batch_size, repeat=False,
                                    shuffle=False)


class Recorder(chainer.Chain):
    """Records the configuration and the graph state its call sees."""

    def __init__(self):
        super().__init__(l1=L.Linear(tiny.N_IN, tiny.N_CLASSES))
        self.seen = []

    def __call__(self, x, t):
        y = self.l1(x)
        self.seen.append((chainer.config.train, chainer.config.enable_backprop,
                          y.creator is None))
        loss = F.softmax_cross_entropy(y, t)
        chainer.report({'loss': loss}, self)
        return loss


def test_target_runs_with_train_false_and_without_backprop():
    model = Recorder()
    result = extensions.Evaluator(_iterator(), model)()
    assert model.seen and all(s == (False, False, True) for s in model.seen)
    assert 'main/loss' in result
    # Restored afterwards.
    assert chainer.config.train is True and chainer.config.enable_backprop is True


class DropoutBN(chainer.Chain):
    """A v2+ style model: dropout and batch normalization without arguments."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(tiny.N_IN, 6)
            self.bn = L.BatchNormalization(6)
            self.l2 = L.Linear(6, tiny.N_CLASSES)

    def forward(self, x, t):
        h = F.dropout(self.bn(self.l1(x)), ratio=0.9)
        loss = F.softmax_cross_entropy(self.l2(h), t)
        chainer.report({'loss': loss}, self)
        return loss


def test_v2_model_is_deterministic_and_leaves_batch_statistics_alone():
    numpy.random.seed(0)
    model = DropoutBN()
    model.bn.avg_var[...] = 1
    before = model.bn.avg_mean.copy()
    first = extensions.Evaluator(_iterator(), model)()['main/loss']
    second = extensions.Evaluator(_iterator(), model)()['main/loss']
    testing.assert_allclose(first, second)
    numpy.testing.assert_array_equal(model.bn.avg_mean, before)
    # The same model in training mode drops units and moves the statistics.
    x, t = chainer.dataset.concat_examples(tiny.dataset()[:8])
    model(x, t)
    assert not numpy.array_equal(model.bn.avg_mean, before)


class V1Model(chainer.Chain):
    """A v1 style model: its mode is an attribute passed as ``train=``/``test=``."""

    def __init__(self):
        super().__init__(l1=L.Linear(tiny.N_IN, 6), bn=L.BatchNormalization(6),
                         l2=L.Linear(6, tiny.N_CLASSES))
        self.train = True

    def __call__(self, x, t):
        h = self.bn(self.l1(x), test=not self.train)
        h = F.dropout(h, ratio=0.9, train=self.train)
        loss = F.softmax_cross_entropy(self.l2(h), t)
        chainer.report({'loss': loss}, self)
        return loss


def test_v1_model_with_an_explicit_mode_keeps_it():
    numpy.random.seed(1)
    model = V1Model()
    model.bn.avg_var[...] = 1
    before = model.bn.avg_mean.copy()
    # v1 code sets its own flag for evaluation ...
    model.train = False
    first = extensions.Evaluator(_iterator(), model.copy())()['main/loss']
    second = extensions.Evaluator(_iterator(), model.copy())()['main/loss']
    testing.assert_allclose(first, second)
    # ... and one that asks for training mode explicitly gets it, even here.
    model.train = True
    extensions.Evaluator(_iterator(), model)()
    assert not numpy.array_equal(model.bn.avg_mean, before)


class V1Evaluator(extensions.Evaluator):
    """v1 style: evaluate() of one's own building volatile variables by hand."""

    def evaluate(self):
        model = self.get_target('main')
        summary = chainer.DictSummary()
        for batch in self.get_iterator('main'):
            x, t = chainer.dataset.concat_examples(batch)
            observation = {}
            with chainer.reporter.report_scope(observation):
                model(chainer.Variable(x, volatile='on'),
                      chainer.Variable(t, volatile='on'))
            summary.add(observation)
        return summary.compute_mean()


def test_v1_evaluate_override_with_volatile_variables():
    model = Recorder()
    result = V1Evaluator(_iterator(), model)()
    assert 'main/loss' in result
    assert model.seen and all(s[0] is False and s[2] for s in model.seen)


def test_classifier_in_trainer_with_evaluator(tmp_path):
    numpy.random.seed(2)
    model = L.Classifier(L.Linear(tiny.N_IN, tiny.N_CLASSES))
    opt = chainer.optimizers.SGD(lr=0.1)
    opt.setup(model)
    it = iterators.SerialIterator(tiny.dataset(), 6)
    trainer = chainer.training.Trainer(
        chainer.training.StandardUpdater(it, opt), (2, 'epoch'), out=str(tmp_path))
    trainer.extend(extensions.Evaluator(_iterator(), model))
    trainer.extend(extensions.LogReport())
    trainer.run()
    log = trainer.get_extension('LogReport').log
    assert len(log) == 2
    assert {'main/loss', 'validation/main/loss', 'validation/main/accuracy'} <= set(log[-1])
    assert log[-1]['validation/main/loss'] < log[0]['validation/main/loss'] or \
        log[-1]['validation/main/accuracy'] >= log[0]['validation/main/accuracy']
