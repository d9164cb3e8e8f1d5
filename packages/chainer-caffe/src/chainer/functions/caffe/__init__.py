"""Legacy location of:class:`~chainer.links.caffe.CaffeFunction`.

As in v1, the ``caffe_function`` module is reachable from here too.
"""
from chainer.links.caffe import CaffeFunction  # noqa: F401
from chainer.links.caffe import caffe_function  # noqa: F401

__all__ = ['CaffeFunction']
