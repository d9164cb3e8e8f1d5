"""Activation functions with parameters."""
from chainer.links.activation.maxout import Maxout
from chainer.links.activation.prelu import PReLU
from chainer.links.activation.simplified_dropconnect import SimplifiedDropconnect
from chainer.links.activation.swish import Swish

__all__ = ['Maxout', 'PReLU', 'SimplifiedDropconnect', 'Swish']
