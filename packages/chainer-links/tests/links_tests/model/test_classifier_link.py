"""Classifier: loss, accuracy and reports."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _data():
    x = numpy.random.randn(6, 3).astype(numpy.float32)
    t = numpy.array([0, 1, 2, 1, 0, 2], dtype=numpy.int32)
    return x, t


def test_loss_accuracy_and_reports():
    predictor = L.Linear(3, 3)
    model = L.Classifier(predictor)
    x, t = _data()
    reporter = chainer.Reporter()
    reporter.add_observer('main', model)
    observation = {}
    with reporter.scope(observation):
        loss = model(chainer.Variable(x), chainer.Variable(t))
    y = predictor(chainer.Variable(x)).data
    numpy.testing.assert_allclose(model.y.data, y)
    numpy.testing.assert_allclose(loss.data,
                                  F.softmax_cross_entropy(y, t).data, rtol=1e-6)
    assert model.loss is loss
    numpy.testing.assert_allclose(model.accuracy.data, (y.argmax(1) == t).mean())
    assert set(observation) == {'main/loss', 'main/accuracy'}
    assert model.accfun is F.accuracy


def test_custom_functions_several_inputs_and_no_accuracy():
    class Sum(chainer.Link):
        def __call__(self, a, b):
            return a + b
    model = L.Classifier(Sum(), lossfun=F.mean_squared_error,
                         accfun=lambda y, t: F.mean_absolute_error(y, t))
    a, b = (numpy.random.randn(2, 2).astype(numpy.float32) for _ in range(2))
    t = numpy.zeros((2, 2), numpy.float32)
    loss = model(chainer.Variable(a), chainer.Variable(b), chainer.Variable(t))
    numpy.testing.assert_allclose(loss.data, ((a + b) ** 2).mean(), rtol=1e-5)
    numpy.testing.assert_allclose(model.accuracy.data, abs(a + b).mean(), rtol=1e-5)
    model.compute_accuracy = False
    model(chainer.Variable(a), chainer.Variable(b), chainer.Variable(t))
    assert model.accuracy is None


def test_gradients_reach_the_predictor_and_serialization(tmp_path):
    x, t = _data()
    model = L.Classifier(L.Linear(3, 3))
    link_checks.check_backward(model, (x.astype(numpy.float64), t), None)

    def call(model):
        return model(chainer.Variable(x), chainer.Variable(t))
    link_checks.check_serialization(lambda: L.Classifier(L.Linear(3, 3)), call,
                                    tmp_path)
    link_checks.check_copies(lambda: L.Classifier(L.Linear(3, 3)), call)
    assert [p for p, _ in model.namedparams()] == ['/predictor/W', '/predictor/b']


def test_bad_arguments():
    with pytest.raises(TypeError, match='lossfun'):
        L.Classifier(L.Linear(3, 3), lossfun=1)
    with pytest.raises(TypeError, match='accfun'):
        L.Classifier(L.Linear(3, 3), accfun='acc')
    with pytest.raises(TypeError, match='at least two'):
        L.Classifier(L.Linear(3, 3))(chainer.Variable(_data()[0]))


def test_call_with_one_argument_raises_assertion_error_as_in_v1():
    link = L.Classifier(L.Linear(3, 3))
    with pytest.raises(AssertionError, match='at least two'):
        link(chainer.Variable(_data()[0]))
