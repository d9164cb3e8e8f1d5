"""Noise injections (spec 001 §3.4.7)."""
from chainer.functions.noise.dropout import dropout, Dropout
from chainer.functions.noise.gaussian import gaussian, Gaussian

__all__ = ['dropout', 'Dropout', 'gaussian', 'Gaussian']
