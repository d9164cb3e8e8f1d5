"""Exporters of Chainer computational graphs to other frameworks' formats (v3+).

:mod:`chainer.exporters.caffe` writes a graph as a BVLC Caffe net (prototxt and
caffemodel); it ships with the chainer-caffe distribution, which owns the Caffe
message definitions.
"""
from chainer.exporters import caffe  # noqa: F401

__all__ = ['caffe']
