"""inference: a forward pass of the mlp or the cnn without autograd (``no_grad``, the
counterpart of a volatile input), in eval mode."""
import torch

from torch_workloads import _data
from torch_workloads import _models


def make(model, batch):
    model_class, example_shape = _models.MODELS[model]
    net = model_class().eval()
    x = _data.images(batch, example_shape)

    def step():
        with torch.no_grad():
            return net(x)

    return step
