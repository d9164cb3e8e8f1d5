"""Machine learning models and v1.24's pre-trained image models
(``chainer.links.model.vision``)."""
from chainer.links.model.classifier import Classifier
from chainer.links.model.vision.googlenet import GoogLeNet
from chainer.links.model.vision.resnet import (
    ResNet50Layers, ResNet101Layers, ResNet152Layers)
from chainer.links.model.vision.vgg import VGG16Layers, VGG19Layers

__all__ = ['Classifier', 'GoogLeNet', 'ResNet50Layers', 'ResNet101Layers',
           'ResNet152Layers', 'VGG16Layers', 'VGG19Layers']
