"""Legacy location of :class:`~chainer.links.caffe.CaffeFunction` (spec 000 §3.9)."""
from chainer.links.caffe import CaffeFunction  # noqa: F401

__all__ = ['CaffeFunction']
