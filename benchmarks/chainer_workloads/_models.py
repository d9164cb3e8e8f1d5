"""The networks shared by the training and the inference workloads."""
import chainer
import chainer.functions as F
import chainer.links as L

from cases import MLP_SIZES


class MLP(chainer.ChainList):
    """Fully connected layers with ReLU between them (784-1000-1000-10)."""

    def __init__(self, sizes=MLP_SIZES):
        super(MLP, self).__init__(
            *[L.Linear(m, n) for m, n in zip(sizes[:-1], sizes[1:])])

    def __call__(self, x):
        layers = list(self)
        for layer in layers[:-1]:
            x = F.relu(layer(x))
        return layers[-1](x)


class CNN(chainer.ChainList):
    """conv5x5(1->32)-relu-maxpool2-conv5x5(32->64)-relu-maxpool2-fc(1024->256)-relu-
    fc(256->10), for 1x28x28 inputs."""

    def __init__(self):
        super(CNN, self).__init__(
            L.Convolution2D(1, 32, 5), L.Convolution2D(32, 64, 5),
            L.Linear(1024, 256), L.Linear(256, 10))

    def __call__(self, x):
        conv1, conv2, fc1, fc2 = self
        h = F.max_pooling_2d(F.relu(conv1(x)), 2)
        h = F.max_pooling_2d(F.relu(conv2(h)), 2)
        return fc2(F.relu(fc1(h)))


#: Model constructor and the shape of one input example, by model name.
MODELS = {'mlp': (MLP, (MLP_SIZES[0],)), 'cnn': (CNN, (1, 28, 28))}
