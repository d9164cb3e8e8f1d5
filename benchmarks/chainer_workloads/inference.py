"""inference: a forward pass of the mlp or the cnn without building a graph."""
from chainer_workloads import _compat
from chainer_workloads import _data
from chainer_workloads import _models


def make(model, batch):
    model_class, example_shape = _models.MODELS[model]
    net = _compat.prepare_for_inference(model_class())
    x = _data.images(batch, example_shape)

    def step():
        with _compat.input_without_graph(x) as v:
            return net(v)

    return step
