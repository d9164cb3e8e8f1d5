"""One supervised training step of a classifier, as ``L.Classifier`` does it."""
import torch
from torch.nn import functional as F

from torch_workloads import _data
from torch_workloads import _models


def make_classifier_step(model_name, batch):
    """Returns ``step()``: forward, cross entropy and accuracy (``L.Classifier``
    computes both), backward and an SGD(lr=0.01, momentum=0.9) update."""
    model_class, example_shape = _models.MODELS[model_name]
    model = model_class()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    x = _data.images(batch, example_shape)
    t = _data.labels((batch,), 10)

    def step():
        optimizer.zero_grad(set_to_none=True)
        y = model(x)
        loss = F.cross_entropy(y, t)
        with torch.no_grad():
            (y.argmax(1) == t).float().mean()
        loss.backward()
        optimizer.step()
        return loss

    return step
