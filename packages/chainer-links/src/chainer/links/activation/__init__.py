"""Activation functions with parameters (spec 001 §3.5.2)."""
from chainer.links.activation.maxout import Maxout
from chainer.links.activation.prelu import PReLU

__all__ = ['Maxout', 'PReLU']
