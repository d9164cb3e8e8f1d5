"""How a batch reaches the loss / evaluation function: as arrays for v2+ code, in
Variables for v1-style code (chainer.training._batch_inputs)."""
import pickle

from unittest import mock
import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.iterators import SerialIterator
from chainer.training import _batch_inputs
from chainer.training import extensions


class V1Model(chainer.Chain):
    def __init__(self):
        super(V1Model, self).__init__(l1=L.Linear(3, 2))

    def __call__(self, x, t):
        self.seen = (x, t)
        assert x.data.shape == (2, 3)  # v1 code reads .data of its inputs
        loss = F.softmax_cross_entropy(self.l1(x), t)
        chainer.report({'loss': loss}, self)
        return loss


class V7Model(chainer.Chain):
    def __init__(self):
        super(V7Model, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 2)

    def forward(self, x, t):
        self.seen = (x, t)
        mask = (x != 0).astype(numpy.float32)  # an array operation (v2+ code)
        loss = F.softmax_cross_entropy(self.l1(x * mask), t)
        chainer.report({'loss': loss, 'total': x.sum()}, self)
        return loss


class V7Predictor(chainer.Chain):
    def __init__(self):
        super(V7Predictor, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 2)

    def forward(self, x):
        return self.l1(x.astype(numpy.float32))


def _dataset():
    x = numpy.arange(12, dtype=numpy.float32).reshape(4, 3) / 10
    t = numpy.array([0, 1, 0, 1], numpy.int32)
    return list(zip(x, t))


def _updater(cls, model, **kwargs):
    optimizer = chainer.optimizers.SGD()
    optimizer.setup(model)
    return cls(SerialIterator(_dataset(), 2), optimizer, **kwargs)


def test_code_style_reads_forward_and_call_of_user_classes():
    assert _batch_inputs.code_style(V1Model()) == 'v1'
    assert _batch_inputs.code_style(V7Model()) == 'v2+'
    # a link of Chainer itself says nothing; its user-written predictor does
    assert _batch_inputs.code_style(L.Linear(2, 3)) is None
    assert _batch_inputs.code_style(L.Classifier(V7Predictor())) == 'v2+'
    assert _batch_inputs.code_style(lambda x: x) is None
    model = V7Model()
    assert _batch_inputs.code_style(model.forward) == 'v2+'  # a bound method
    assert _batch_inputs.wants_variables(True, None) is True
    assert _batch_inputs.wants_variables(False, chainer.Link()) is False


def test_the_v2_path_passes_arrays_even_to_a_v1_style_link():
    model = chainer.Link()
    updater = _updater(training.updaters.StandardUpdater, model)
    optimizer = updater.get_optimizer('main')
    optimizer.update = mock.MagicMock()
    updater.update()
    _, x, t = optimizer.update.call_args[0]
    assert type(x) is numpy.ndarray and type(t) is numpy.ndarray


def test_the_v1_path_wraps_the_batch_for_code_that_cannot_be_judged():
    updater = _updater(training.StandardUpdater, chainer.Link())
    optimizer = updater.get_optimizer('main')
    optimizer.update = mock.MagicMock()
    updater.update()
    _, x, t = optimizer.update.call_args[0]
    assert isinstance(x, chainer.Variable) and x.data.shape == (2, 3)
    assert isinstance(t, chainer.Variable) and t.data.dtype == numpy.int32


def test_the_v1_path_gives_variables_to_v1_code_and_arrays_to_v2_code():
    v1 = V1Model()
    _updater(training.StandardUpdater, v1).update()
    assert all(isinstance(a, chainer.Variable) for a in v1.seen)
    v7 = V7Model()
    _updater(training.StandardUpdater, v7).update()
    assert all(type(a) is numpy.ndarray for a in v7.seen)
    # the v2 path: arrays for v7 code; v1 code that reads x.data needs the v1 path
    v7 = V7Model()
    _updater(training.updaters.StandardUpdater, v7).update()
    assert all(type(a) is numpy.ndarray for a in v7.seen)


def test_a_loss_function_is_judged_with_the_optimizer_target():
    model = V7Model()
    seen = []

    def loss(x, t):
        seen.append(type(x))
        return model(x, t)

    _updater(training.StandardUpdater, model, loss_func=loss).update()
    assert seen == [numpy.ndarray]


def test_the_v1_path_is_the_same_updater_under_v1_names():
    from chainer.training import updater as updater_module
    cls = training.StandardUpdater
    assert updater_module.StandardUpdater is cls
    assert issubclass(cls, training.updaters.StandardUpdater)
    assert cls.__module__ == 'chainer.training.updater'
    assert pickle.loads(pickle.dumps(cls)) is cls
    assert training.updaters.StandardUpdater.__module__ == \
        'chainer.training.updaters.standard_updater'


def test_parallel_updater_gives_arrays_to_v2_code_and_variables_to_v1_code():
    for cls, expected in ((V7Model, numpy.ndarray), (V1Model, chainer.Variable)):
        model = cls()
        optimizer = chainer.optimizers.SGD()
        optimizer.setup(model)
        updater = training.ParallelUpdater(
            SerialIterator(_dataset(), 4), optimizer, devices={'main': -1, 'second': -1})
        updater.update()
        assert isinstance(model.seen[0], expected)


def _evaluate(model):
    iterator = SerialIterator(_dataset(), 2, repeat=False, shuffle=False)
    evaluator = extensions.Evaluator(iterator, model)
    return evaluator, evaluator()


def test_evaluator_gives_arrays_to_v2_code():
    model = V7Model()
    _, result = _evaluate(model)
    assert type(model.seen[0]) is numpy.ndarray
    # the mean of x.sum() over the two batches (no trainer: no name prefix)
    expected = numpy.arange(12).reshape(2, 6).sum(axis=1).mean() / 10
    numpy.testing.assert_allclose(result['main/total'], expected, rtol=1e-5)


def test_evaluator_gives_volatile_variables_to_v1_code():
    model = V1Model()
    _, result = _evaluate(model)
    x, t = model.seen
    assert isinstance(x, chainer.Variable) and x.volatile is chainer.flag.ON
    assert 'main/loss' in result


def test_evaluator_finalizes_its_iterators():
    iterator = mock.MagicMock(repeat=False)
    evaluator = extensions.Evaluator({'main': iterator, 'extra': iterator}, V7Model())
    evaluator.finalize()
    assert iterator.finalize.call_count == 2


def test_multiprocess_updater_steps_give_arrays_to_v2_code_and_variables_to_v1_code():
    from chainer.dataset import concat_examples
    from chainer.training.updaters import multiprocess_parallel_updater as mpu
    for cls, expected in ((V7Model, numpy.ndarray), (V1Model, chainer.Variable),
                          (V7Model, numpy.ndarray)):
        model = cls()
        mpu._compute_grads(model, concat_examples, _dataset()[:2], None)
        assert isinstance(model.seen[0], expected)
        assert model.l1.W.grad is not None
