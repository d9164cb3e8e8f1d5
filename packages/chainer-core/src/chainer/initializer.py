"""The documented home of the initializer base class.

Chainer v1 documents :class:`chainer.initializer.Initializer`; the class is defined
with the concrete initializers in :mod:`chainer.initializers` and is the same object
under both paths, as is :func:`get_fans`, which v1 defined here.
"""
from chainer.initializers.initializer import Initializer  # noqa: F401
from chainer.initializers.initializer import get_fans  # noqa: F401

__all__ = ['Initializer', 'get_fans']
