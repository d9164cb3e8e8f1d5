"""The networks of ``chainer_workloads._models``, in PyTorch."""
import torch
from torch import nn
from torch.nn import functional as F

from cases import MLP_SIZES


class MLP(nn.Module):
    def __init__(self, sizes=MLP_SIZES):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Linear(m, n) for m, n in zip(sizes[:-1], sizes[1:]))

    def forward(self, x):
        for layer in self.layers[:-1]:
            x = F.relu(layer(x))
        return self.layers[-1](x)


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 32, 5)
        self.conv2 = nn.Conv2d(32, 64, 5)
        self.fc1 = nn.Linear(1024, 256)
        self.fc2 = nn.Linear(256, 10)

    def forward(self, x):
        h = F.max_pool2d(F.relu(self.conv1(x)), 2)
        h = F.max_pool2d(F.relu(self.conv2(h)), 2)
        return self.fc2(F.relu(self.fc1(torch.flatten(h, 1))))


#: Model constructor and the shape of one input example, by model name.
MODELS = {'mlp': (MLP, (MLP_SIZES[0],)), 'cnn': (CNN, (1, 28, 28))}
