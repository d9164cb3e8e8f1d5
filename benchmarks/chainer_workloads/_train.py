"""One supervised training step of a classifier, shared by the mlp and cnn workloads."""
import chainer
import chainer.links as L
from chainer import optimizers

from chainer_workloads import _data
from chainer_workloads import _models


def make_classifier_step(model_name, batch):
    """Returns ``step()``: forward, softmax cross entropy (and accuracy, as
    ``L.Classifier`` does), backward and a MomentumSGD(lr=0.01, momentum=0.9) update of
    the named model on one fixed random batch."""
    model_class, example_shape = _models.MODELS[model_name]
    model = L.Classifier(model_class())
    optimizer = optimizers.MomentumSGD(lr=0.01, momentum=0.9)
    optimizer.setup(model)
    x = _data.images(batch, example_shape)
    t = _data.labels((batch,), 10)

    def step():
        model.cleargrads()
        loss = model(chainer.Variable(x), chainer.Variable(t))
        loss.backward()
        optimizer.update()
        return loss

    return step
