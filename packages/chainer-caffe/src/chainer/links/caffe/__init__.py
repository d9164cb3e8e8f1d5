"""Import of BVLC Caffe models (``chainer.links.caffe``).

:class:`CaffeFunction` reads a binary ``.caffemodel`` (or an npz converted from
one) and runs the net with Chainer functions.
"""
from chainer.links.caffe.caffe_function import CaffeFunction  # noqa: F401

__all__ = ['CaffeFunction']
